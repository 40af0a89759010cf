/**
 * Redemptions of ONLINE client subscriptions as a checkout takes them (server/modules/checkout/takings.ts),
 * exactly like coupon uses: taken with a conditional UPDATE in the checkout's transaction (a card
 * used up meanwhile refuses the whole checkout), given back once when it is released (cancelled,
 * failed, expired), taken again when money arrives late.
 */
import type { Clock } from '../../clock.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { shopMoment } from '../../shop-time.ts';
import { findOrganisation } from '../organisation/index.ts';
import { type CheckoutTaking, namePassOfOrder, type TakingInput } from '../checkout/index.ts';
import { recordRedemption, releaseRedemptions, retakeRedemptions, takeRedemptions } from './client-subscription.repo.ts';

export function createRedemptionLedger({ clock }: { clock: Clock }): CheckoutTaking {
  // A card is valid through its expiry day in the organisation's timezone.
  const today = async (db: Executor) => shopMoment(clock.now(), (await findOrganisation(db))?.timezone ?? 'UTC').date;
  return {
    wants: (checkout) => checkout.orders.some((order) => order.redemption !== null && order.redemption !== undefined),

    async take(db: Executor, checkout: TakingInput): Promise<void> {
      const redeemed = checkout.orders.flatMap((order) => (order.redemption ? [{ orderId: order.orderId, ...order.redemption }] : []));
      if (redeemed.length === 0) return;
      const day = await today(db);
      for (const entry of [...redeemed].sort((a, b) => a.clientSubscriptionId - b.clientSubscriptionId || a.orderId - b.orderId)) {
        if (!(await takeRedemptions(db, entry.clientSubscriptionId, entry.quantity, day)))
          throw new AppError('SUBSCRIPTION_USED_UP', 409, 'The subscription has no visits left for this order', {
            errorInfo: 'Your subscription has no visits left for this order.',
          });
        await recordRedemption(db, entry);
        await namePassOfOrder(db, entry.orderId, entry.clientSubscriptionId);
      }
    },

    release: (db, checkout, now) => releaseRedemptions(db, checkout.orderIds, now),

    async retake(db, checkout) {
      return retakeRedemptions(db, checkout.orderIds, await today(db));
    },
  };
}
