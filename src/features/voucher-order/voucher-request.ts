/** The voucher order as POST /api/vouchers reads it (spec section 7): values map id → {id, quantity}. */
import type { VoucherOrderRequest } from '#domain/contracts/vouchers.ts';

export type VoucherQuantities = Record<number, number>;

export function voucherValuesPayload(quantities: VoucherQuantities): VoucherOrderRequest['values'] {
  const values: NonNullable<VoucherOrderRequest['values']> = {};
  for (const [id, quantity] of Object.entries(quantities)) if (quantity > 0) values[id] = { id: Number(id), quantity };
  return values;
}

export const quantitiesMap = (quantities: VoucherQuantities) => new Map(Object.entries(quantities).map(([id, quantity]) => [Number(id), quantity]));

export const totalQuantity = (quantities: VoucherQuantities) => Object.values(quantities).reduce((sum, quantity) => sum + quantity, 0);
