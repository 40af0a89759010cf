/**
 * A voucher order's quantities (spec section 5): the total count is limited by the voucher's
 * max_quantity and must reach its min_quantity, each value by its availability. Used by the
 * storefront's steppers and the server's validation alike. Its total is totals.ts's VOUCHER rule.
 */
export interface VoucherValueStock {
  id: number;
  priceCents: number;
  /** null: unlimited. */
  availability: number | null;
}

export interface VoucherLimits {
  minQuantity: number;
  maxQuantity: number;
}

export type VoucherQuantityProblem = 'NOTHING_CHOSEN' | 'BELOW_MINIMUM' | 'ABOVE_MAXIMUM' | 'SOLD_OUT';

/** The first problem of these quantities (value id → quantity), or null when they can be ordered. */
export function voucherQuantityProblem(
  quantities: ReadonlyMap<number, number>,
  values: readonly VoucherValueStock[],
  limits: VoucherLimits,
): VoucherQuantityProblem | null {
  const total = [...quantities.values()].reduce((sum, quantity) => sum + quantity, 0);
  if (total <= 0) return 'NOTHING_CHOSEN';
  if (total < limits.minQuantity) return 'BELOW_MINIMUM';
  if (total > limits.maxQuantity) return 'ABOVE_MAXIMUM';
  for (const value of values) {
    const wanted = quantities.get(value.id) ?? 0;
    if (value.availability !== null && wanted > value.availability) return 'SOLD_OUT';
  }
  return null;
}

/** The most a stepper of `value` may show, given the other values' quantities. */
export function voucherValueMaximum(value: VoucherValueStock, quantities: ReadonlyMap<number, number>, limits: VoucherLimits): number {
  const others = [...quantities.entries()].reduce((sum, [id, quantity]) => (id === value.id ? sum : sum + quantity), 0);
  const room = Math.max(0, limits.maxQuantity - others);
  return value.availability === null ? room : Math.min(room, value.availability);
}
