/** Queries on staff_accounts, staff_sessions and staff_password_tokens (tokens stored by SHA-256). */
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
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

/** The session's staff member with the session's CSRF token, if the session is alive and the account enabled. */
export async function findSessionStaff(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      id: staffAccounts.id,
      email: staffAccounts.email,
      name: staffAccounts.name,
      role: staffAccounts.role,
      csrfToken: staffSessions.csrfToken,
      expiresAt: staffSessions.expiresAt,
    })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
    .where(and(eq(staffSessions.tokenHash, tokenHash), gt(staffSessions.expiresAt, now), isNull(staffAccounts.disabledAt)))
    .limit(1);
  return row ?? null;
}

export async function insertStaffSession(db: Executor, session: { tokenHash: string; staffId: number; csrfToken: string; expiresAt: Date; now: Date }) {
  await db.insert(staffSessions).values({
    tokenHash: session.tokenHash,
    staffId: session.staffId,
    csrfToken: session.csrfToken,
    expiresAt: session.expiresAt,
    createdAt: session.now,
  });
}

export async function deleteStaffSession(db: Executor, tokenHash: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.tokenHash, tokenHash));
}

/** Revokes every session of a staff member (disabled, role changed, password set, owner's revoke). */
export async function deleteStaffSessionsOf(db: Executor, staffId: number): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
}

export async function deleteExpiredStaffSessions(db: Executor, staffId: number, now: Date): Promise<void> {
  await db.delete(staffSessions).where(and(eq(staffSessions.staffId, staffId), lte(staffSessions.expiresAt, now)));
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
