/** Owner's queries: the staff list and the audit log with filters and paging. */
import { and, asc, desc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { staffAccounts, staffAuditLog, staffSessions } from '../../db/schema/index.ts';
import type { StaffRole } from '#domain/backoffice/staff-roles.ts';

export async function listStaff(db: Executor) {
  return db
    .select({
      id: staffAccounts.id,
      email: staffAccounts.email,
      name: staffAccounts.name,
      role: staffAccounts.role,
      disabledAt: staffAccounts.disabledAt,
      hasPassword: sql<boolean>`${staffAccounts.passwordHash} is not null`,
      hasTotp: sql<boolean>`${staffAccounts.totpSecret} is not null`,
      sessions: sql<number>`(select count(*)::int from ${staffSessions} where ${staffSessions.staffId} = ${staffAccounts.id} and ${staffSessions.expiresAt} > now())`,
      createdAt: staffAccounts.createdAt,
    })
    .from(staffAccounts)
    .orderBy(asc(staffAccounts.name), asc(staffAccounts.id));
}

export async function updateStaff(db: Executor, id: number, change: { role?: StaffRole; disabledAt?: Date | null }) {
  await db.update(staffAccounts).set(change).where(eq(staffAccounts.id, id));
}

/** Active owners other than `exceptId` (the last owner may not be demoted or disabled). */
export async function countOtherActiveOwners(db: Executor, exceptId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(staffAccounts)
    .where(and(eq(staffAccounts.role, 'owner'), isNull(staffAccounts.disabledAt), sql`${staffAccounts.id} <> ${exceptId}`));
  return row?.n ?? 0;
}

export interface AuditFilter {
  staffId?: number | undefined;
  entity?: string | undefined;
  action?: string | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  until?: Date | undefined;
}

function auditWhere(filter: AuditFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.staffId !== undefined) conditions.push(eq(staffAuditLog.staffId, filter.staffId));
  if (filter.entity) conditions.push(eq(staffAuditLog.entity, filter.entity));
  if (filter.action) conditions.push(eq(staffAuditLog.action, filter.action));
  if (filter.from) conditions.push(gte(staffAuditLog.at, filter.from));
  if (filter.until) conditions.push(lt(staffAuditLog.at, filter.until));
  return conditions.length ? and(...conditions) : undefined;
}

export async function listAudit(db: Executor, filter: AuditFilter, page: { offset: number; limit: number }) {
  const where = auditWhere(filter);
  const rows = await db
    .select({
      id: staffAuditLog.id,
      at: staffAuditLog.at,
      staffId: staffAuditLog.staffId,
      staffName: staffAccounts.name,
      staffEmail: staffAccounts.email,
      action: staffAuditLog.action,
      entity: staffAuditLog.entity,
      entityId: staffAuditLog.entityId,
      before: staffAuditLog.before,
      after: staffAuditLog.after,
    })
    .from(staffAuditLog)
    .leftJoin(staffAccounts, eq(staffAccounts.id, staffAuditLog.staffId))
    .where(where)
    .orderBy(desc(staffAuditLog.at), desc(staffAuditLog.id))
    .offset(page.offset)
    .limit(page.limit);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(staffAuditLog)
    .where(where);
  return { rows, total: count?.n ?? 0 };
}
