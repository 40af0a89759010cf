/** Subscription queries: one subscription with audiences and products, and lists of cards. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { CatalogueState } from '#domain/catalogue-state.ts';
import type { Executor } from '../../../db/client.ts';
import { audiences, products, subscriptionAudiences, subscriptionProducts, subscriptions } from '../../../db/schema/index.ts';
import { SERVED_STATES } from '../served-states.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect & {
  /** The cheapest audience, the "from" price of a card; null without audiences. */
  fromPriceCents: number | null;
};
export type SubscriptionAudienceRow = typeof subscriptionAudiences.$inferSelect & { audience: typeof audiences.$inferSelect };

const fromPriceCents = sql<number | null>`(
  select min(${subscriptionAudiences.priceCents}) from ${subscriptionAudiences}
  where ${subscriptionAudiences.subscriptionId} = ${subscriptions.id})`;

function withFromPrice(row: { subscription: typeof subscriptions.$inferSelect; fromPriceCents: number | null }): SubscriptionRow {
  return { ...row.subscription, fromPriceCents: row.fromPriceCents === null ? null : Number(row.fromPriceCents) };
}

export async function findServedSubscription(db: Executor, id: number): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select({ subscription: subscriptions, fromPriceCents })
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), inArray(subscriptions.state, [...SERVED_STATES])))
    .limit(1);
  return row && withFromPrice(row);
}

/** Subscriptions in the given states, optionally only some ids, in shop order. */
export async function listSubscriptions(db: Executor, filter: { states: readonly CatalogueState[]; ids?: readonly number[] }): Promise<SubscriptionRow[]> {
  if (filter.ids?.length === 0) return [];
  const conditions = [inArray(subscriptions.state, [...filter.states])];
  if (filter.ids) conditions.push(inArray(subscriptions.id, [...filter.ids]));
  const rows = await db
    .select({ subscription: subscriptions, fromPriceCents })
    .from(subscriptions)
    .where(and(...conditions))
    .orderBy(asc(subscriptions.sort), asc(subscriptions.id));
  return rows.map(withFromPrice);
}

export async function listSubscriptionAudiences(db: Executor, subscriptionId: number): Promise<SubscriptionAudienceRow[]> {
  const rows = await db
    .select({ link: subscriptionAudiences, audience: audiences })
    .from(subscriptionAudiences)
    .innerJoin(audiences, eq(audiences.id, subscriptionAudiences.audienceId))
    .where(eq(subscriptionAudiences.subscriptionId, subscriptionId))
    .orderBy(asc(subscriptionAudiences.sort), asc(audiences.sort), asc(audiences.id));
  return rows.map(({ link, audience }) => ({ ...link, audience }));
}

/** Ids of the servable products an ONLINE subscription can be redeemed against. */
export async function listRedeemableProductIds(db: Executor, subscriptionId: number): Promise<number[]> {
  const rows = await db
    .select({ id: products.id })
    .from(subscriptionProducts)
    .innerJoin(products, eq(products.id, subscriptionProducts.productId))
    .where(and(eq(subscriptionProducts.subscriptionId, subscriptionId), inArray(products.state, [...SERVED_STATES])))
    .orderBy(asc(products.sort), asc(products.id));
  return rows.map((row) => row.id);
}
