/** Queries on client accounts and what the Client contract shows of them. */
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  audiences,
  clientFieldValues,
  clients,
  clientSubscriptions,
  organisations,
  signInTokens,
  subscriptionAudiences,
  subscriptionProducts,
  subscriptions,
  subscriptionUpsells,
} from '../../db/schema/index.ts';
import type { Language } from '#domain/languages.ts';

export async function findCredentialsByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({ id: clients.id, passwordHash: clients.passwordHash, emailConfirmedAt: clients.emailConfirmedAt })
    .from(clients)
    .where(eq(clients.email, email))
    .limit(1);
  return row ?? null;
}

/**
 * The owner of the address followed a link mailed to it: the account is confirmed (once), and a
 * purchase's link sets the password chosen then; the account's other unused links that carry a
 * password are spent.
 */
export async function confirmEmail(db: Executor, clientId: number, passwordHash: string | null, now: Date): Promise<void> {
  await db
    .update(clients)
    .set({ emailConfirmedAt: sql`coalesce(${clients.emailConfirmedAt}, ${now.toISOString()}::timestamptz)`, ...(passwordHash ? { passwordHash } : {}) })
    .where(eq(clients.id, clientId));
  await db
    .update(signInTokens)
    .set({ usedAt: now })
    .where(and(eq(signInTokens.clientId, clientId), isNull(signInTokens.usedAt), isNotNull(signInTokens.passwordHash)));
}

export async function findPasswordHash(db: Executor, clientId: number): Promise<string | null> {
  const [row] = await db.select({ passwordHash: clients.passwordHash }).from(clients).where(eq(clients.id, clientId)).limit(1);
  return row?.passwordHash ?? null;
}

export async function updatePasswordHash(db: Executor, clientId: number, passwordHash: string): Promise<void> {
  await db.update(clients).set({ passwordHash }).where(eq(clients.id, clientId));
}

export async function findClientIdByEmail(db: Executor, email: string): Promise<number | null> {
  return (await findCredentialsByEmail(db, email))?.id ?? null;
}

/** A new account's row; null when an account with this e-mail address exists (nothing written). */
export async function insertClientIfNew(
  db: Executor,
  account: Pick<
    typeof clients.$inferInsert,
    'email' | 'passwordHash' | 'emailConfirmedAt' | 'firstName' | 'lastName' | 'company' | 'address' | 'zipcode' | 'city' | 'vatId' | 'token'
  >,
): Promise<number | null> {
  const [created] = await db.insert(clients).values(account).onConflictDoNothing().returning({ id: clients.id });
  return created?.id ?? null;
}

export async function findClient(db: Executor, clientId: number) {
  const [row] = await db.select().from(clients).where(eq(clients.id, clientId)).limit(1);
  return row ?? null;
}

export function findFieldValues(db: Executor, clientId: number) {
  return db
    .select({ fieldId: clientFieldValues.fieldId, value: clientFieldValues.value })
    .from(clientFieldValues)
    .where(eq(clientFieldValues.clientId, clientId))
    .orderBy(asc(clientFieldValues.fieldId));
}

export function findClientSubscriptions(db: Executor, clientId: number) {
  return db
    .select({
      id: clientSubscriptions.id,
      token: clientSubscriptions.token,
      type: clientSubscriptions.type,
      availableRedemptions: clientSubscriptions.availableRedemptions,
      expiresOn: clientSubscriptions.expiresOn,
      subscriptionId: subscriptions.id,
      redemptions: subscriptions.redemptions,
      texts: subscriptions.texts,
    })
    .from(clientSubscriptions)
    .innerJoin(subscriptions, eq(subscriptions.id, clientSubscriptions.subscriptionId))
    .where(eq(clientSubscriptions.clientId, clientId))
    .orderBy(asc(clientSubscriptions.id));
}

export function findSubscriptionAudiences(db: Executor, subscriptionIds: number[]) {
  return db
    .select({
      subscriptionId: subscriptionAudiences.subscriptionId,
      audienceId: audiences.id,
      priceCents: subscriptionAudiences.priceCents,
      texts: audiences.texts,
    })
    .from(subscriptionAudiences)
    .innerJoin(audiences, eq(audiences.id, subscriptionAudiences.audienceId))
    .where(inArray(subscriptionAudiences.subscriptionId, subscriptionIds))
    .orderBy(asc(subscriptionAudiences.sort), asc(audiences.id));
}

export function findSubscriptionProducts(db: Executor, subscriptionIds: number[]) {
  return db
    .select({ subscriptionId: subscriptionProducts.subscriptionId, productId: subscriptionProducts.productId })
    .from(subscriptionProducts)
    .where(inArray(subscriptionProducts.subscriptionId, subscriptionIds))
    .orderBy(asc(subscriptionProducts.productId));
}

export function findSubscriptionUpsells(db: Executor, subscriptionIds: number[]) {
  return db
    .select({ subscriptionId: subscriptionUpsells.subscriptionId, upsellId: subscriptionUpsells.upsellId })
    .from(subscriptionUpsells)
    .where(inArray(subscriptionUpsells.subscriptionId, subscriptionIds))
    .orderBy(asc(subscriptionUpsells.sort), asc(subscriptionUpsells.upsellId));
}

/** The language texts fall back to; 'en' before an organisation exists. */
export async function findDefaultLanguage(db: Executor): Promise<Language> {
  const [row] = await db.select({ language: organisations.defaultLanguage }).from(organisations).orderBy(asc(organisations.id)).limit(1);
  return row?.language ?? 'en';
}
