/** Queries on `sign_in_brakes` (the per-account brake) and `sign_in_devices` (known devices), both shared by every API process. */
import { and, eq, gt, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { signInBrakes, signInDevices } from '../../db/schema/index.ts';

export interface BrakeRule {
  /** Failures in a row allowed before the brake engages. */
  free: number;
  /** The longest wait, in seconds, however many failures. */
  maxDelaySeconds: number;
  /** A brake quiet this long starts counting from zero again. */
  quietSince: Date;
}

/**
 * Counts one more attempt on the account's brake (as a failure until it succeeds), in one statement,
 * unless the brake holds: then nothing is counted and the time it holds until is answered. Past
 * `free` failures each one doubles the wait before the next (2, 4, 8 … seconds, at most
 * `maxDelaySeconds`). Racing attempts each count: the statement takes the row's lock.
 */
export async function takeBrakeAttempt(db: Executor, key: string, now: Date, rule: BrakeRule): Promise<{ blockedUntil: Date | null }> {
  const failures = sql`(case when ${signInBrakes.lastFailureAt} < ${rule.quietSince.toISOString()}::timestamptz then 1 else ${signInBrakes.failures} + 1 end)`;
  const wait = (count: ReturnType<typeof sql>) =>
    sql`(case when ${count} > ${rule.free} then ${now.toISOString()}::timestamptz + least(${rule.maxDelaySeconds}::float8, power(2::float8, least(30, ${count} - ${rule.free})::float8)) * interval '1 second' else null end)`;
  const taken = rowsOf<{ key: string }>(
    await db.execute(sql`
      insert into sign_in_brakes (key, failures, blocked_until, last_failure_at)
      values (${key}, 1, ${wait(sql`1`)}, ${now.toISOString()}::timestamptz)
      on conflict (key) do update set
        failures = ${failures},
        blocked_until = ${wait(failures)},
        last_failure_at = ${now.toISOString()}::timestamptz
      where sign_in_brakes.blocked_until is null or sign_in_brakes.blocked_until <= ${now.toISOString()}::timestamptz
      returning key`),
  );
  if (taken.length > 0) return { blockedUntil: null };
  const [row] = await db.select({ blockedUntil: signInBrakes.blockedUntil }).from(signInBrakes).where(eq(signInBrakes.key, key));
  return { blockedUntil: row?.blockedUntil ?? now };
}

/** A success: the account's brake is released. */
export async function releaseBrake(db: Executor, key: string): Promise<void> {
  await db.delete(signInBrakes).where(eq(signInBrakes.key, key));
}

/** Housekeeping: brakes quiet since `before` count for nothing any more. */
export async function pruneBrakes(db: Executor, before: Date): Promise<void> {
  await db.delete(signInBrakes).where(lte(signInBrakes.lastFailureAt, before));
  await db.delete(signInDevices).where(lte(signInDevices.expiresAt, before));
}

/** A live device token of this account that has not failed too often. */
export async function findKnownDevice(db: Executor, tokenHash: string, accountKey: string, now: Date, maxFailures: number): Promise<boolean> {
  const [row] = await db
    .select({ tokenHash: signInDevices.tokenHash })
    .from(signInDevices)
    .where(
      and(
        eq(signInDevices.tokenHash, tokenHash),
        eq(signInDevices.accountKey, accountKey),
        gt(signInDevices.expiresAt, now),
        lt(signInDevices.failures, maxFailures),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function countDeviceFailure(db: Executor, tokenHash: string): Promise<void> {
  await db
    .update(signInDevices)
    .set({ failures: sql`${signInDevices.failures} + 1` })
    .where(eq(signInDevices.tokenHash, tokenHash));
}

/** Remembers a device for an account (a fresh token) or renews a known one's expiry and failures. */
export async function rememberDevice(db: Executor, device: { tokenHash: string; accountKey: string; expiresAt: Date; now: Date }): Promise<void> {
  await db
    .insert(signInDevices)
    .values({ tokenHash: device.tokenHash, accountKey: device.accountKey, expiresAt: device.expiresAt, createdAt: device.now })
    .onConflictDoUpdate({ target: signInDevices.tokenHash, set: { expiresAt: device.expiresAt, failures: 0 } });
}
