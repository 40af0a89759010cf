/** Upsells offered with a product or a subscription, in their shop order. */
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { productUpsells, subscriptionUpsells, upsells } from '../../../db/schema/index.ts';

export type UpsellRow = typeof upsells.$inferSelect;

export function listProductUpsells(db: Executor, productId: number): Promise<UpsellRow[]> {
  return db
    .select({ upsell: upsells })
    .from(productUpsells)
    .innerJoin(upsells, eq(upsells.id, productUpsells.upsellId))
    .where(eq(productUpsells.productId, productId))
    .orderBy(asc(productUpsells.sort), asc(upsells.id))
    .then((rows) => rows.map((row) => row.upsell));
}

export function listSubscriptionUpsells(db: Executor, subscriptionId: number): Promise<UpsellRow[]> {
  return db
    .select({ upsell: upsells })
    .from(subscriptionUpsells)
    .innerJoin(upsells, eq(upsells.id, subscriptionUpsells.upsellId))
    .where(eq(subscriptionUpsells.subscriptionId, subscriptionId))
    .orderBy(asc(subscriptionUpsells.sort), asc(upsells.id))
    .then((rows) => rows.map((row) => row.upsell));
}
