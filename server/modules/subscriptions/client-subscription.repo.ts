/**
 * Client subscriptions and their passes: what redemption, renewal and fulfilment read and write.
 * Redemptions are taken with one conditional UPDATE each, so concurrent checkouts in any number of
 * processes can never take more than a card has left.
 */
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  audiences,
  clientGroups,
  clientSubscriptions,
  customerGroups,
  passes,
  subscriptionAudiences,
  subscriptionProducts,
  subscriptionRedemptions,
  subscriptions,
} from '../../db/schema/index.ts';

export interface RedeemableRow {
  id: number;
  clientId: number;
  token: string;
  type: string;
  availableRedemptions: number;
  expiration: string | null;
  products: number[];
  audiences: number[];
}

/** Client subscriptions by token, with the products and audiences their subscription covers. */
export async function findRedeemableByTokens(db: Executor, tokens: readonly string[]): Promise<RedeemableRow[]> {
  if (tokens.length === 0) return [];
  const rows = await db
    .select({
      id: clientSubscriptions.id,
      clientId: clientSubscriptions.clientId,
      token: clientSubscriptions.token,
      type: clientSubscriptions.type,
      availableRedemptions: clientSubscriptions.availableRedemptions,
      expiration: clientSubscriptions.expiresOn,
      subscriptionId: clientSubscriptions.subscriptionId,
    })
    .from(clientSubscriptions)
    .where(inArray(clientSubscriptions.token, [...tokens]));
  if (rows.length === 0) return [];
  const ids = [...new Set(rows.map((row) => row.subscriptionId))];
  const [productRows, audienceRows] = [
    await db.select().from(subscriptionProducts).where(inArray(subscriptionProducts.subscriptionId, ids)),
    await db.select().from(subscriptionAudiences).where(inArray(subscriptionAudiences.subscriptionId, ids)),
  ];
  return rows.map(({ subscriptionId, ...row }) => ({
    ...row,
    products: productRows.filter((entry) => entry.subscriptionId === subscriptionId).map((entry) => entry.productId),
    audiences: audienceRows.filter((entry) => entry.subscriptionId === subscriptionId).map((entry) => entry.audienceId),
  }));
}

/** Takes `quantity` redemptions if the card still has them and has not expired (-1: unlimited, nothing counted). */
export async function takeRedemptions(db: Executor, clientSubscriptionId: number, quantity: number, today: string): Promise<boolean> {
  const rows = await db
    .update(clientSubscriptions)
    .set({
      availableRedemptions: sql`case when ${clientSubscriptions.availableRedemptions} = -1 then -1 else ${clientSubscriptions.availableRedemptions} - ${quantity}::int end`,
    })
    .where(
      and(
        eq(clientSubscriptions.id, clientSubscriptionId),
        sql`(${clientSubscriptions.availableRedemptions} = -1 or ${clientSubscriptions.availableRedemptions} >= ${quantity}::int)`,
        sql`(${clientSubscriptions.expiresOn} is null or ${clientSubscriptions.expiresOn} >= ${today}::date)`,
      ),
    )
    .returning({ id: clientSubscriptions.id });
  return rows.length === 1;
}

export async function recordRedemption(db: Executor, row: { clientSubscriptionId: number; orderId: number; quantity: number }): Promise<void> {
  await db.insert(subscriptionRedemptions).values(row);
}

/** Gives back, once, the redemptions these orders took. */
export async function releaseRedemptions(db: Executor, orderIds: readonly number[], now: Date): Promise<void> {
  if (orderIds.length === 0) return;
  const released = await db
    .update(subscriptionRedemptions)
    .set({ releasedAt: now })
    .where(and(inArray(subscriptionRedemptions.orderId, [...orderIds]), isNull(subscriptionRedemptions.releasedAt)))
    .returning({ clientSubscriptionId: subscriptionRedemptions.clientSubscriptionId, quantity: subscriptionRedemptions.quantity });
  for (const entry of released.sort((a, b) => a.clientSubscriptionId - b.clientSubscriptionId)) {
    await db
      .update(clientSubscriptions)
      .set({ availableRedemptions: sql`${clientSubscriptions.availableRedemptions} + ${entry.quantity}::int` })
      .where(and(eq(clientSubscriptions.id, entry.clientSubscriptionId), sql`${clientSubscriptions.availableRedemptions} <> -1`));
  }
}

/** Takes again what these orders gave back (money that arrived late); false when a card no longer has it. */
export async function retakeRedemptions(db: Executor, orderIds: readonly number[], today: string): Promise<boolean> {
  if (orderIds.length === 0) return true;
  const released = await db
    .update(subscriptionRedemptions)
    .set({ releasedAt: null })
    .where(and(inArray(subscriptionRedemptions.orderId, [...orderIds]), isNotNull(subscriptionRedemptions.releasedAt)))
    .returning({ clientSubscriptionId: subscriptionRedemptions.clientSubscriptionId, quantity: subscriptionRedemptions.quantity });
  for (const entry of released.sort((a, b) => a.clientSubscriptionId - b.clientSubscriptionId)) {
    if (!(await takeRedemptions(db, entry.clientSubscriptionId, entry.quantity, today))) return false;
  }
  return true;
}

export async function findClientSubscriptionByHash(db: Executor, hash: string) {
  const [row] = await db
    .select({ clientSubscription: clientSubscriptions, subscription: subscriptions })
    .from(clientSubscriptions)
    .innerJoin(subscriptions, eq(subscriptions.id, clientSubscriptions.subscriptionId))
    .where(eq(clientSubscriptions.hash, hash))
    .limit(1);
  return row ?? null;
}

export async function findClientSubscriptionById(db: Executor, id: number) {
  const [row] = await db.select().from(clientSubscriptions).where(eq(clientSubscriptions.id, id)).limit(1);
  return row ?? null;
}

export function passesOf(db: Executor, clientSubscriptionId: number) {
  return db
    .select({ pass: passes, audienceTexts: audiences.texts })
    .from(passes)
    .innerJoin(audiences, eq(audiences.id, passes.audienceId))
    .where(eq(passes.clientSubscriptionId, clientSubscriptionId))
    .orderBy(asc(passes.id));
}

export async function insertClientSubscription(db: Executor, row: typeof clientSubscriptions.$inferInsert): Promise<number> {
  const [inserted] = await db.insert(clientSubscriptions).values(row).returning({ id: clientSubscriptions.id });
  if (!inserted) throw new Error('client subscription not inserted');
  return inserted.id;
}

export async function extendClientSubscription(db: Executor, id: number, change: { expiresOn: string; availableRedemptions: number }): Promise<void> {
  await db
    .update(clientSubscriptions)
    .set({ expiresOn: change.expiresOn, availableRedemptions: change.availableRedemptions, reminderSentAt: null })
    .where(eq(clientSubscriptions.id, id));
}

export async function insertPasses(db: Executor, rows: (typeof passes.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(passes).values(rows);
}

export async function updatePassHolder(db: Executor, passId: number, clientSubscriptionId: number, change: { holderName: string; birthday: string | null }) {
  await db
    .update(passes)
    .set(change)
    .where(and(eq(passes.id, passId), eq(passes.clientSubscriptionId, clientSubscriptionId)));
}

export async function joinGroup(db: Executor, clientId: number, groupId: number): Promise<void> {
  await db.insert(clientGroups).values({ clientId, groupId }).onConflictDoNothing();
}

export function groupsOfClient(db: Executor, clientId: number) {
  return db
    .select({ id: customerGroups.id, texts: customerGroups.texts })
    .from(clientGroups)
    .innerJoin(customerGroups, eq(customerGroups.id, clientGroups.groupId))
    .where(eq(clientGroups.clientId, clientId))
    .orderBy(asc(customerGroups.id));
}
