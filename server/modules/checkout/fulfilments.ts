/**
 * What a checkout issues once it is paid, besides sold places: the passes of a subscription order
 * (server/modules/subscriptions/subscription-fulfilment.ts), the gift cards of a voucher order
 * (server/modules/vouchers/gift-card-issue.ts), the move of a rebooking whose difference was paid. Called in the transaction that
 * makes the orders PAID, so it happens exactly once, whoever settles (webhook, return visit, a
 * checkout with nothing to pay).
 */
import type { Executor } from '../../db/client.ts';
import type { OrderRecord } from '../../db/schema/index.ts';

export interface CheckoutFulfilment {
  fulfil(db: Executor, paidOrders: readonly OrderRecord[], now: Date): Promise<void>;
}
