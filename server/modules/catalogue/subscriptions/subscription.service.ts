/** A subscription page: the subscription with its audiences, upsells and redeemable products. */
import type { Subscription, Upsell } from '#domain/contracts/catalogue.ts';
import type { Language } from '#domain/languages.ts';
import type { Database } from '../../../db/client.ts';
import { notFound } from '../../../errors.ts';
import { loadShopLocale } from '../../organisation/index.ts';
import { readingFor } from '../reading.ts';
import { toUpsell } from '../upsells/upsell.mapper.ts';
import { listSubscriptionUpsells } from '../upsells/upsell.repo.ts';
import { toSubscription } from './subscription.mapper.ts';
import { findServedSubscription, listRedeemableProductIds, listSubscriptionAudiences, type SubscriptionRow } from './subscription.repo.ts';

export function createSubscriptionService({ db }: { db: Database }) {
  async function servedSubscription(id: number): Promise<SubscriptionRow> {
    const subscription = await findServedSubscription(db, id);
    if (!subscription) throw notFound('No such subscription');
    return subscription;
  }

  return {
    async getSubscription(id: number, requested: Language | null): Promise<Subscription> {
      const subscription = await servedSubscription(id);
      const [locale, audiences, upsells, productIds] = await Promise.all([
        loadShopLocale(db),
        listSubscriptionAudiences(db, id),
        listSubscriptionUpsells(db, id),
        listRedeemableProductIds(db, id),
      ]);
      return toSubscription({ subscription, audiences, upsells, productIds }, readingFor(requested, locale));
    },

    async listUpsells(id: number, requested: Language | null): Promise<Upsell[]> {
      await servedSubscription(id);
      const [locale, upsells] = await Promise.all([loadShopLocale(db), listSubscriptionUpsells(db, id)]);
      const reading = readingFor(requested, locale);
      return upsells.map((upsell) => toUpsell(upsell, reading));
    },
  };
}
