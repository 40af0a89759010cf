/** Queries on `login_attempts`: one row per sign-in attempt and key (`email:…`, `ip:…`). */
import { and, asc, desc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { loginAttempts } from '../../db/schema/index.ts';

/** Records one attempt under each key; answers the new row ids. */
export async function recordAttempts(db: Executor, keys: readonly string[], at: Date): Promise<number[]> {
  const rows = await db
    .insert(loginAttempts)
    .values(keys.map((key) => ({ key, attemptedAt: at })))
    .returning({ id: loginAttempts.id });
  return rows.map((row) => row.id);
}

/** The newest `limit` attempt times of a key since `since`, newest first. */
export async function recentAttemptTimes(db: Executor, key: string, since: Date, limit: number): Promise<Date[]> {
  const rows = await db
    .select({ attemptedAt: loginAttempts.attemptedAt })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.key, key), gt(loginAttempts.attemptedAt, since)))
    .orderBy(desc(loginAttempts.attemptedAt))
    .limit(limit);
  return rows.map((row) => row.attemptedAt);
}

export async function deleteAttemptsByIds(db: Executor, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await db.delete(loginAttempts).where(inArray(loginAttempts.id, [...ids]));
}

export async function deleteAttemptsOfKey(db: Executor, key: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, key));
}

/** Housekeeping: attempts older than the window no longer count for anything. */
export async function deleteAttemptsBefore(db: Executor, keys: readonly string[], before: Date): Promise<void> {
  await db.delete(loginAttempts).where(and(inArray(loginAttempts.key, [...keys]), lte(loginAttempts.attemptedAt, before)));
}

/** Housekeeping for every key: up to `limit` attempts from before `before`, oldest first (login_attempts_time). */
export async function pruneAttemptsBefore(db: Executor, before: Date, limit: number): Promise<void> {
  await db
    .delete(loginAttempts)
    .where(
      inArray(
        loginAttempts.id,
        db
          .select({ id: loginAttempts.id })
          .from(loginAttempts)
          .where(lte(loginAttempts.attemptedAt, before))
          .orderBy(asc(loginAttempts.attemptedAt))
          .limit(limit),
      ),
    );
}
