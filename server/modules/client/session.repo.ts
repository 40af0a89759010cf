/** Queries on sessions and one-time sign-in tokens; both are stored by the SHA-256 of the token. */
import { and, asc, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sessions, signInTokens } from '../../db/schema/index.ts';

export async function findSessionClientId(db: Executor, tokenHash: string, now: Date): Promise<number | null> {
  const [row] = await db
    .select({ clientId: sessions.clientId })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
    .limit(1);
  return row?.clientId ?? null;
}

export async function insertSession(db: Executor, session: { tokenHash: string; clientId: number; expiresAt: Date; now: Date }) {
  await db.insert(sessions).values({ tokenHash: session.tokenHash, clientId: session.clientId, expiresAt: session.expiresAt, createdAt: session.now });
}

export async function deleteSession(db: Executor, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Ends every session of a client (sign out everywhere, a changed password). */
export async function deleteSessionsOfClient(db: Executor, clientId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.clientId, clientId));
}

/** Housekeeping at sign-in: a client's expired sessions are of no use to anyone. */
export async function deleteExpiredSessions(db: Executor, clientId: number, now: Date): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.clientId, clientId), lte(sessions.expiresAt, now)));
}

/**
 * Housekeeping for every client: up to `limit` sessions and sign-in tokens that have expired, oldest
 * first (on their expiry indexes), so neither table grows with the shop's history.
 */
export async function pruneExpiredSessions(db: Executor, now: Date, limit: number): Promise<void> {
  await db
    .delete(sessions)
    .where(
      inArray(
        sessions.tokenHash,
        db.select({ tokenHash: sessions.tokenHash }).from(sessions).where(lte(sessions.expiresAt, now)).orderBy(asc(sessions.expiresAt)).limit(limit),
      ),
    );
  await db
    .delete(signInTokens)
    .where(
      inArray(
        signInTokens.tokenHash,
        db
          .select({ tokenHash: signInTokens.tokenHash })
          .from(signInTokens)
          .where(lte(signInTokens.expiresAt, now))
          .orderBy(asc(signInTokens.expiresAt))
          .limit(limit),
      ),
    );
}

export async function insertSignInToken(
  db: Executor,
  token: { tokenHash: string; clientId: number; expiresAt: Date; now: Date; passwordHash?: string | null },
) {
  await db.insert(signInTokens).values({
    tokenHash: token.tokenHash,
    clientId: token.clientId,
    expiresAt: token.expiresAt,
    createdAt: token.now,
    passwordHash: token.passwordHash ?? null,
  });
}

/**
 * Marks a token used and answers its client, in one statement: of two requests racing with the
 * same token, exactly one gets the row back.
 */
export async function consumeSignInToken(db: Executor, tokenHash: string, now: Date): Promise<{ clientId: number; passwordHash: string | null } | null> {
  const [row] = await db
    .update(signInTokens)
    .set({ usedAt: now })
    .where(and(eq(signInTokens.tokenHash, tokenHash), isNull(signInTokens.usedAt), gt(signInTokens.expiresAt, now)))
    .returning({ clientId: signInTokens.clientId, passwordHash: signInTokens.passwordHash });
  return row ?? null;
}

/** Every unused link of a client stops working (a reset, a new password, signing out everywhere). */
export async function revokeSignInTokensOf(db: Executor, clientId: number, now: Date): Promise<void> {
  await db
    .update(signInTokens)
    .set({ usedAt: now })
    .where(and(eq(signInTokens.clientId, clientId), isNull(signInTokens.usedAt)));
}

/** The client a live, unused link belongs to, without spending it. */
export async function findSignInTokenClient(db: Executor, tokenHash: string, now: Date): Promise<number | null> {
  const [row] = await db
    .select({ clientId: signInTokens.clientId })
    .from(signInTokens)
    .where(and(eq(signInTokens.tokenHash, tokenHash), isNull(signInTokens.usedAt), gt(signInTokens.expiresAt, now)))
    .limit(1);
  return row?.clientId ?? null;
}
