/** The demo subscriptions (docs/demo-shop.md, Subscriptions). */
import type { Executor } from '../client.ts';
import { subscriptionAudiences, subscriptionProducts, subscriptions, subscriptionUpsells } from '../schema/index.ts';
import {
  SUBSCRIPTION_SLUGS,
  type AudienceIds,
  type AudienceKey,
  type ProductIds,
  type ProductSlug,
  type SubscriptionIds,
  type SubscriptionSlug,
  type UpsellIds,
  type UpsellKey,
} from './demo-keys.ts';
import { idsByKey } from './keyed-rows.ts';
import { SUBSCRIPTION_TEXTS } from './texts/subscriptions.ts';

interface SubscriptionPlan {
  type: 'PHYSICAL' | 'ONLINE';
  /** Uses per pass; -1 means unlimited. */
  redemptions: number;
  validityDays: number;
  audiences: { audience: AudienceKey; priceCents: number }[];
  upsells: UpsellKey[];
  /** Products an ONLINE pass is redeemable against. */
  products: ProductSlug[];
}

const SUBSCRIPTIONS: Record<SubscriptionSlug, SubscriptionPlan> = {
  'family-membership': {
    type: 'PHYSICAL',
    redemptions: -1,
    validityDays: 365,
    audiences: [
      { audience: 'adult', priceCents: 8900 },
      { audience: 'child', priceCents: 4500 },
      { audience: 'senior', priceCents: 7500 },
    ],
    upsells: ['parking-pass'],
    products: [],
  },
  'online-aquarium-pass': {
    type: 'ONLINE',
    redemptions: 10,
    validityDays: 365,
    audiences: [{ audience: 'adult', priceCents: 6000 }],
    upsells: [],
    products: ['aquarium-entry', 'penguin-feeding'],
  },
};

export async function seedSubscriptions(db: Executor, ids: { audiences: AudienceIds; upsells: UpsellIds; products: ProductIds }): Promise<SubscriptionIds> {
  const rows = await db
    .insert(subscriptions)
    .values(
      SUBSCRIPTION_SLUGS.map((slug, index) => {
        const { type, redemptions, validityDays } = SUBSCRIPTIONS[slug];
        return { slug, type, redemptions, validityDays, sort: (index + 1) * 10, image: `/images/${slug}.svg`, texts: SUBSCRIPTION_TEXTS[slug] };
      }),
    )
    .returning({ id: subscriptions.id, key: subscriptions.slug });
  const subscriptionIds = idsByKey(SUBSCRIPTION_SLUGS, rows);

  await db.insert(subscriptionAudiences).values(
    SUBSCRIPTION_SLUGS.flatMap((slug) =>
      SUBSCRIPTIONS[slug].audiences.map(({ audience, priceCents }, index) => ({
        subscriptionId: subscriptionIds[slug],
        audienceId: ids.audiences[audience],
        priceCents,
        sort: index + 1,
      })),
    ),
  );
  await db
    .insert(subscriptionUpsells)
    .values(
      SUBSCRIPTION_SLUGS.flatMap((slug) =>
        SUBSCRIPTIONS[slug].upsells.map((upsell, index) => ({ subscriptionId: subscriptionIds[slug], upsellId: ids.upsells[upsell], sort: index + 1 })),
      ),
    );
  await db
    .insert(subscriptionProducts)
    .values(
      SUBSCRIPTION_SLUGS.flatMap((slug) =>
        SUBSCRIPTIONS[slug].products.map((product) => ({ subscriptionId: subscriptionIds[slug], productId: ids.products[product] })),
      ),
    );
  return subscriptionIds;
}
