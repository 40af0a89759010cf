/**
 * A back-office change as the modules under the staff module see it: who makes it (StaffActor) and the
 * audit row it writes in its own transaction (StaffAudit). The staff module's `recordAudit` writes that
 * row (server/modules/staff/audit.ts); the composition root gives it to the editing services of the
 * modules the staff module itself reaches (through client → checkout: catalogue, coupons, organisation,
 * and so every module), which cannot import it.
 */
import type { Executor } from './db/client.ts';

export interface StaffActor {
  staffId: number;
}

export interface StaffAuditEntry {
  /** Null only for the `npm run staff` command. */
  staffId: number | null;
  /** What was done, dotted: `product.update`, `slot.close`… */
  action: string;
  /** What kind of thing: `product`, `slot`… */
  entity: string;
  entityId?: string | number | null;
  /** The entity's state before and after (null for a creation / deletion); no secrets. */
  before?: unknown;
  after?: unknown;
}

export type StaffAudit = (tx: Executor, entry: StaffAuditEntry) => Promise<void>;

/** The staff member a back-office request is made by (the staff guard has set `request.staff`). */
export const staffActor = (request: { staff?: { id: number } | null }): StaffActor => ({ staffId: request.staff!.id });
