/**
 * The audit log: every change staff make writes one row, in the SAME transaction as the change,
 * through `recordAudit` — so a rolled-back change leaves no row and a committed one always has one.
 */
import type { Executor } from '../../db/client.ts';
import type { StaffAuditEntry } from '../../staff-audit.ts';
import { staffAuditLog } from '../../db/schema/index.ts';

/** An audit row: who, what was done (`staff.invite`, `product.update`, `order.refunded`…), to what, before and after. */
export type AuditEntry = StaffAuditEntry;

export async function recordAudit(tx: Executor, entry: AuditEntry, at?: Date): Promise<void> {
  await tx.insert(staffAuditLog).values({
    staffId: entry.staffId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    ...(at ? { at } : {}),
  });
}

/** Several rows at once (a bulk change writes one per thing it changed), in one statement. */
export async function recordAudits(tx: Executor, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(staffAuditLog).values(
    entries.map((entry) => ({
      staffId: entry.staffId,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      before: entry.before ?? null,
      after: entry.after ?? null,
    })),
  );
}
