/**
 * A back-office change as an editing service sees it: who makes it (StaffActor) and the audit row it
 * writes in its own transaction (StaffAudit). The staff module's `recordAudit` writes that row
 * (server/modules/staff/audit.ts) and the composition root gives it to every editing service, as it
 * gives the desks theirs: the staff module reaches the checkout (client → checkout) and through it the
 * catalogue, coupons and organisation, which therefore cannot import it.
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
