/**
 * The audit log: every change staff make writes one row, in the SAME transaction as the change,
 * through `recordAudit` — so a rolled-back change leaves no row and a committed one always has one.
 */
import type { Executor } from '../../db/client.ts';
import { staffAuditLog } from '../../db/schema/index.ts';

export interface AuditEntry {
  /** Who: the signed-in staff member (`request.staff.id`); null only for the `npm run staff` command. */
  staffId: number | null;
  /** What was done, dotted: `staff.invite`, `product.update`, `slot.close`… */
  action: string;
  /** What kind of thing: `staff`, `product`, `slot`… */
  entity: string;
  entityId?: string | number | null;
  /** The entity's state before and after (null for a creation / deletion); no secrets (hashes, TOTP). */
  before?: unknown;
  after?: unknown;
}

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
