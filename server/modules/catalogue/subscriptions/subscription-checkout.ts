/**
 * What a subscription order reads of the catalogue (inside its transaction, just before it writes):
 * the served subscription, its audiences with their prices, and its upsells. Null when it is not served.
 */
import type { SubscriptionType } from '#domain/contracts/catalogue.ts';
import type { Translations } from '#domain/languages.ts';
import type { Executor } from '../../../db/client.ts';
import type { CheckoutUpsell } from '../checkout-catalogue.ts';
import { listSubscriptionUpsells } from '../upsells/upsell.repo.ts';
import { findServedSubscription, listSubscriptionAudiences } from './subscription.repo.ts';

export interface CheckoutSubscription {
  id: number;
  type: SubscriptionType;
  redemptions: number;
  validityDays: number;
  customerGroupId: number | null;
  texts: Translations<{ title: string }>;
  audiences: { audienceId: number; priceCents: number; texts: Translations<{ name: string }> }[];
  upsells: CheckoutUpsell[];
}

export async function readCheckoutSubscription(db: Executor, id: number): Promise<CheckoutSubscription | null> {
  const row = await findServedSubscription(db, id);
  if (!row) return null;
  const audiences = await listSubscriptionAudiences(db, id);
  const upsells = await listSubscriptionUpsells(db, id);
  return {
    id: row.id,
    type: row.type,
    redemptions: row.redemptions,
    validityDays: row.validityDays,
    customerGroupId: row.customerGroupId,
    texts: row.texts,
    audiences: audiences.map((entry) => ({ audienceId: entry.audienceId, priceCents: entry.priceCents, texts: entry.audience.texts })),
    upsells: upsells.map((upsell) => ({ id: upsell.id, upsellType: upsell.upsellType, priceCents: upsell.priceCents, maxQuantity: upsell.maxQuantity })),
  };
}
