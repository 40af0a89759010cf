/** Queries on staff_accounts, staff_sessions and staff_password_tokens (tokens stored by SHA-256). */
import { and, desc, eq, gt, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { staffAccounts, staffPasswordTokens, staffSessions } from '../../db/schema/index.ts';
import type { StaffRole } from '#domain/backoffice/staff-roles.ts';

export type StaffRow = typeof staffAccounts.$inferSelect;

export async function findStaffByEmail(db: Executor, email: string): Promise<StaffRow | null> {
  const [row] = await db.select().from(staffAccounts).where(eq(staffAccounts.email, email)).limit(1);
  return row ?? null;
}

export async function findStaffById(db: Executor, id: number): Promise<StaffRow | null> {
  const [row] = await db.select().from(staffAccounts).where(eq(staffAccounts.id, id)).limit(1);
  return row ?? null;
}

export async function insertStaff(db: Executor, staff: { email: string; name: string; role: StaffRole; passwordHash: string | null }): Promise<StaffRow> {
  const [row] = await db.insert(staffAccounts).values(staff).returning();
  return row!;
}

export async function countActiveOwners(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(staffAccounts)
    .where(and(eq(staffAccounts.role, 'owner'), isNull(staffAccounts.disabledAt)));
  return row?.n ?? 0;
}

/**
 * The session's staff member with the session's CSRF token, if the session is alive (before its absolute
 * end, and seen since `idleSince`) and the account enabled.
 */
export async function findSessionStaff(db: Executor, tokenHash: string, now: Date, idleSince: Date) {
  const [row] = await db
    .select({
      id: staffAccounts.id,
      email: staffAccounts.email,
      name: staffAccounts.name,
      role: staffAccounts.role,
      sessionId: staffSessions.id,
      csrfToken: staffSessions.csrfToken,
      expiresAt: staffSessions.expiresAt,
      lastSeenAt: staffSessions.lastSeenAt,
    })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
    .where(
      and(eq(staffSessions.tokenHash, tokenHash), gt(staffSessions.expiresAt, now), gt(staffSessions.lastSeenAt, idleSince), isNull(staffAccounts.disabledAt)),
    )
    .limit(1);
  return row ?? null;
}

/** Marks a session seen now (the guard calls it at most once a minute per session). */
export async function touchStaffSession(db: Executor, tokenHash: string, now: Date): Promise<void> {
  await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.tokenHash, tokenHash));
}

export async function insertStaffSession(
  db: Executor,
  session: { tokenHash: string; staffId: number; csrfToken: string; expiresAt: Date; now: Date; userAgent: string | null; ipAddress: string | null },
) {
  await db.insert(staffSessions).values({
    tokenHash: session.tokenHash,
    staffId: session.staffId,
    csrfToken: session.csrfToken,
    expiresAt: session.expiresAt,
    lastSeenAt: session.now,
    userAgent: session.userAgent,
    ipAddress: session.ipAddress,
    createdAt: session.now,
  });
}

/** Keeps a staff member's `keep` newest sessions and ends the older ones. */
export async function trimStaffSessions(db: Executor, staffId: number, keep: number): Promise<void> {
  const newest = db.select({ id: staffSessions.id }).from(staffSessions).where(eq(staffSessions.staffId, staffId)).orderBy(desc(staffSessions.id)).limit(keep);
  await db.delete(staffSessions).where(and(eq(staffSessions.staffId, staffId), notInArray(staffSessions.id, newest)));
}

/** A staff member's live sessions, newest first. */
export async function listStaffSessions(db: Executor, staffId: number, now: Date, idleSince: Date) {
  return db
    .select({
      id: staffSessions.id,
      userAgent: staffSessions.userAgent,
      ipAddress: staffSessions.ipAddress,
      createdAt: staffSessions.createdAt,
      lastSeenAt: staffSessions.lastSeenAt,
      expiresAt: staffSessions.expiresAt,
    })
    .from(staffSessions)
    .where(and(eq(staffSessions.staffId, staffId), gt(staffSessions.expiresAt, now), gt(staffSessions.lastSeenAt, idleSince)))
    .orderBy(desc(staffSessions.lastSeenAt), desc(staffSessions.id));
}

/** Ends one session of a staff member; false when it is not theirs (or gone). */
export async function deleteStaffSessionById(db: Executor, staffId: number, sessionId: number): Promise<boolean> {
  const gone = await db
    .delete(staffSessions)
    .where(and(eq(staffSessions.staffId, staffId), eq(staffSessions.id, sessionId)))
    .returning({ id: staffSessions.id });
  return gone.length > 0;
}

/** Every unused set-password link of a staff member stops working (a password was set). */
export async function revokePasswordTokensOf(db: Executor, staffId: number, now: Date): Promise<void> {
  await db
    .update(staffPasswordTokens)
    .set({ usedAt: now })
    .where(and(eq(staffPasswordTokens.staffId, staffId), isNull(staffPasswordTokens.usedAt)));
}

export async function deleteStaffSession(db: Executor, tokenHash: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.tokenHash, tokenHash));
}

/** Revokes every session of a staff member (disabled, role changed, password set, owner's revoke). */
export async function deleteStaffSessionsOf(db: Executor, staffId: number): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
}

/** A staff member's sessions past their absolute end or idle since before `idleSince`. */
export async function deleteExpiredStaffSessions(db: Executor, staffId: number, now: Date, idleSince: Date): Promise<void> {
  await db
    .delete(staffSessions)
    .where(and(eq(staffSessions.staffId, staffId), or(lte(staffSessions.expiresAt, now), lte(staffSessions.lastSeenAt, idleSince))));
}

export async function insertPasswordToken(db: Executor, token: { tokenHash: string; staffId: number; expiresAt: Date; now: Date }) {
  await db.insert(staffPasswordTokens).values({ tokenHash: token.tokenHash, staffId: token.staffId, expiresAt: token.expiresAt, createdAt: token.now });
}

/** Marks a set-password token used and answers its staff id, in one statement (one of two racers wins). */
export async function consumePasswordToken(db: Executor, tokenHash: string, now: Date): Promise<number | null> {
  const [row] = await db
    .update(staffPasswordTokens)
    .set({ usedAt: now })
    .where(and(eq(staffPasswordTokens.tokenHash, tokenHash), isNull(staffPasswordTokens.usedAt), gt(staffPasswordTokens.expiresAt, now)))
    .returning({ staffId: staffPasswordTokens.staffId });
  return row?.staffId ?? null;
}

export async function setStaffPassword(db: Executor, staffId: number, passwordHash: string): Promise<void> {
  await db.update(staffAccounts).set({ passwordHash }).where(eq(staffAccounts.id, staffId));
}

/** Who a live, unused set-password link belongs to (to judge their new password against their name), without spending it. */
export async function findTokenHolder(db: Executor, tokenHash: string, now: Date): Promise<{ email: string; name: string } | null> {
  const [row] = await db
    .select({ email: staffAccounts.email, name: staffAccounts.name })
    .from(staffPasswordTokens)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffPasswordTokens.staffId))
    .where(and(eq(staffPasswordTokens.tokenHash, tokenHash), isNull(staffPasswordTokens.usedAt), gt(staffPasswordTokens.expiresAt, now)))
    .limit(1);
  return row ?? null;
}
