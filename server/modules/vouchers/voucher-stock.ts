/**
 * The stock of voucher values as a checkout taking (server/modules/checkout/takings.ts): a voucher
 * checkout takes it in its transaction through the VOUCHER line kind's `take` (voucher-order.service.ts,
 * on the checkout core: checkout/checkout-core.ts); the settlement gives it back
 * when the checkout fails, is cancelled or expires, and takes it again for a late payment.
 */
import type { Executor } from '../../db/client.ts';
import type { CheckoutTaking, TakenCheckout } from '../checkout/index.ts';
import { giveBackVoucherStock, takeVoucherStock, voucherLinesOf } from './voucher-order.repo.ts';

async function perValue(db: Executor, checkout: TakenCheckout): Promise<[number, number][]> {
  const wanted = new Map<number, number>();
  for (const line of await voucherLinesOf(db, checkout.orderIds)) {
    if (line.valueId !== null) wanted.set(line.valueId, (wanted.get(line.valueId) ?? 0) + line.quantity);
  }
  // In id order, like every other conditional update of a checkout.
  return [...wanted.entries()].sort(([a], [b]) => a - b);
}

export function createVoucherStock() {
  return {
    /** Product checkouts take none; a voucher checkout takes its stock through its line kind. */
    wants: () => false,
    take: async () => {},
    async release(db: Executor, checkout: TakenCheckout): Promise<void> {
      for (const [valueId, quantity] of await perValue(db, checkout)) await giveBackVoucherStock(db, valueId, quantity);
    },
    async retake(db: Executor, checkout: TakenCheckout): Promise<boolean> {
      for (const [valueId, quantity] of await perValue(db, checkout)) if (!(await takeVoucherStock(db, valueId, quantity))) return false;
      return true;
    },
  } satisfies CheckoutTaking;
}
