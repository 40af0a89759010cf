/** Subscription rows → `SubscriptionSummary` and `Subscription`. Descriptions are HTML, sanitised with the card (item-card.ts). */
import type { Subscription, SubscriptionAudience, SubscriptionSummary } from '#domain/contracts/catalogue.ts';
import { toAmount } from '#domain/money.ts';
import { toItemCard } from '../item-card.ts';
import { orNull, textsIn, type Reading } from '../reading.ts';
import { toUpsell } from '../upsells/upsell.mapper.ts';
import type { UpsellRow } from '../upsells/upsell.repo.ts';
import type { SubscriptionAudienceRow, SubscriptionRow } from './subscription.repo.ts';

export function toSubscriptionSummary(row: SubscriptionRow, reading: Reading): SubscriptionSummary {
  return {
    ...toItemCard(row, reading),
    type: row.type,
    price: toAmount(row.fromPriceCents ?? 0),
    full: false,
  };
}

export function toSubscriptionAudience(row: SubscriptionAudienceRow, reading: Reading): SubscriptionAudience {
  const texts = textsIn(row.audience.texts, reading);
  return { id: row.audienceId, name: texts.name ?? '', description: orNull(texts.description), price: toAmount(row.priceCents) };
}

export interface SubscriptionParts {
  subscription: SubscriptionRow;
  audiences: SubscriptionAudienceRow[];
  upsells: UpsellRow[];
  productIds: number[];
}

export function toSubscription({ subscription, audiences, upsells, productIds }: SubscriptionParts, reading: Reading): Subscription {
  const { full: _summary, ...summary } = toSubscriptionSummary(subscription, reading);
  return {
    ...summary,
    full: true,
    audiences: audiences.map((audience) => toSubscriptionAudience(audience, reading)),
    upsells: upsells.map((upsell) => toUpsell(upsell, reading)),
    redemptions: subscription.redemptions,
    products: productIds,
  };
}
