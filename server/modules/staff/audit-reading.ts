/**
 * The audit log read for people: a page of rows with, for each, the thing's name as it is now (a
 * product's title, a slot's product, day and time, a staff member's name, an order's number and
 * product …) or, once it is gone, as its last snapshot had it; plain values for the sentence; and an
 * edit's changes. Names are read for the whole page at once, one query per kind of thing (audit-names.ts).
 */
import type { AuditEntry } from '#domain/backoffice/audit-log.schema.ts';
import type { Language } from '#domain/languages.ts';
import type { Executor } from '../../db/client.ts';
import { auditChanges } from './audit-changes.ts';
import { loadAuditNames, TEXT_NAMES, type AuditRow } from './audit-names.ts';
import { describeAuditRow } from './audit-subjects.ts';

export type { AuditRow } from './audit-names.ts';

/** Edits whose before → after are listed as changes: the editors' views, a slot's terms, a staff account. */
const EDITED = new Set([...Object.keys(TEXT_NAMES), 'coupon', 'customer_field', 'slot', 'staff']);

function changesOf(row: AuditRow, currency: string) {
  // A staff member's invitation is said in its sentence (name and role); a deletion has nothing after it.
  const edit = row.action.endsWith('.update') || (row.action.endsWith('.create') && row.entity !== 'staff');
  return EDITED.has(row.entity) && edit ? auditChanges(row.before, row.after, currency) : { changes: [], other: 0 };
}

export async function readAuditEntries(db: Executor, rows: AuditRow[], requested: Language | null): Promise<{ entries: AuditEntry[]; timezone: string }> {
  const names = await loadAuditNames(db, rows, requested);
  const entries = rows.map((row): AuditEntry => {
    const { changes, other } = changesOf(row, names.currency);
    return {
      id: row.id,
      at: row.at.toISOString(),
      staff: row.staffId !== null && row.staffName !== null && row.staffEmail !== null ? { id: row.staffId, name: row.staffName, email: row.staffEmail } : null,
      action: row.action,
      entity: row.entity,
      entity_id: row.entityId,
      ...describeAuditRow(row, names),
      changes,
      other_changes: other,
    };
  });
  return { entries, timezone: names.timezone };
}
