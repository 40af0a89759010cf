/**
 * What each kind of thing in the audit log is called, and what its row moved: one describer per
 * entity, reading the names looked up for the page (audit-names.ts) and the row's own snapshots. A
 * thing that is gone is named from its last snapshot when the row kept one, else not at all (the page
 * then says "a product that was deleted").
 */
import { AUDIT_ENTITIES, type AuditDetails, type AuditEntity, type AuditSlot, type AuditSubject } from '#domain/backoffice/audit-log.schema.ts';
import { STAFF_ROLES, type StaffRole } from '#domain/backoffice/staff-roles.ts';
import { toAmount } from '#domain/money.ts';
import { idOf, int, record, text, TEXT_NAMES, type AuditNames, type AuditRow } from './audit-names.ts';
import { earlierPlotId, historySlot, orderDetails, orderEventOf } from './audit-order-details.ts';
import type { TextedKind } from './audit-subjects.repo.ts';

export interface Described {
  subject: AuditSubject;
  details: AuditDetails;
}
type Describer = (row: AuditRow, names: AuditNames, id: number | null) => Described;

const nameless = (): AuditSubject => ({ name: null, gone: false, slot: null, number: null, holder: null });
/** The thing as it is now, else as its last snapshot named it. */
const named = (live: string | null | undefined, found: boolean, fromSnapshot: string | null): AuditSubject => ({
  ...nameless(),
  gone: !found,
  name: (found ? live : null) ?? fromSnapshot,
});
/** The row's snapshot of the thing: after the change, or before it (a deletion). */
const snapshot = (row: AuditRow) => record(row.after ?? row.before);
const slotOf = (slot: { date: string; startTime: string | null; endTime: string | null } | undefined): AuditSlot | null =>
  slot ? { date: slot.date, start: slot.startTime?.slice(0, 5) ?? null, end: slot.endTime?.slice(0, 5) ?? null } : null;

const byText =
  (kind: TextedKind): Describer =>
  (row, names, id) => {
    const live = names.texts(kind, id);
    const key = TEXT_NAMES[kind];
    // The shop's settings are one row that is always there.
    return { subject: named(names.textIn(live, key), live !== undefined || kind === 'organisation', names.textIn(snapshot(row).texts, key)), details: {} };
  };

const schedule: Describer = (row, names, id) => {
  const live = names.texts('product', id);
  const outcome = record(record(row.after).outcome);
  const details: AuditDetails = {};
  if (int(outcome.added) !== null)
    details.slots = {
      added: int(outcome.added) ?? 0,
      changed: int(outcome.changed) ?? 0,
      removed: int(outcome.removed) ?? 0,
      closed: int(record(outcome.closed).slots) ?? 0,
    };
  return { subject: named(names.textIn(live, 'title'), live !== undefined, null), details };
};

const slot: Describer = (row, names, id) => {
  const found = names.slot(id);
  const affected = record(record(row.after).affected);
  const details: AuditDetails = {};
  if (int(affected.places) !== null && int(affected.orders) !== null)
    details.affected = { places: affected.places as number, orders: affected.orders as number };
  return { subject: { ...named(names.textIn(found?.productTexts, 'title'), found !== undefined, null), slot: slotOf(found) }, details };
};

const staff: Describer = (row, names, id) => {
  const live = names.staff(id);
  const { name, role } = snapshot(row);
  const details: AuditDetails = {};
  if (row.action === 'staff.create' && STAFF_ROLES.includes(role as StaffRole)) details.role = role as StaffRole;
  return { subject: named(live, live !== undefined, text(name)), details };
};

const coupon: Describer = (row, names, id) => {
  const live = names.coupon(id);
  return { subject: named(live, live !== undefined, text(snapshot(row).code)), details: {} };
};

const customerField: Describer = (row, names, id) => {
  const live = names.customerField(id);
  const { texts, name } = snapshot(row);
  return {
    subject: named(live && (names.textIn(live.texts, 'label') ?? live.name), live !== undefined, names.textIn(texts, 'label') ?? text(name)),
    details: {},
  };
};

const giftCard: Describer = (row, names) => {
  const before = int(record(row.before).creditCents);
  const after = record(row.after);
  const credit = int(after.creditCents);
  const money = (cents: number) => ({ amount: toAmount(cents), currency: names.currency });
  const details: AuditDetails = {};
  if (row.action === 'gift_card.issue' && credit !== null) details.amount = money(credit);
  if (row.action === 'gift_card.adjust' && credit !== null && before !== null) details.amount = money(credit - before);
  if (row.action === 'gift_card.void' && before !== null) details.amount = money(before);
  if (text(after.expiresOn)) details.expires = after.expiresOn as string;
  if (text(after.reason)) details.reason = after.reason as string;
  // Its code is its name, and the row's id.
  return { subject: { ...nameless(), name: row.entityId }, details };
};

const pass: Describer = (row, names, id) => {
  const found = names.pass(id);
  const details: AuditDetails = {};
  const expires = text(record(row.after).expiresOn);
  if (expires) details.expires = expires;
  const holder = found ? `${found.firstName} ${found.lastName}`.trim() : null;
  return { subject: { ...named(names.textIn(found?.texts, 'title'), found !== undefined, null), holder }, details };
};

const refundRequest: Describer = (row, names, id) => {
  const found = names.refundRequest(id);
  const details: AuditDetails = {};
  const reply = text(record(row.after).reply);
  if (reply) details.reason = reply;
  const number = found && /^\d{1,10}$/.test(found.orderNumber) ? Number(found.orderNumber) : null;
  return { subject: { ...named(found && `${found.firstName} ${found.lastName}`.trim(), found !== undefined, null), number }, details };
};

const order: Describer = (row, names, number) => {
  const found = names.order(number);
  const detail = record(row.after);
  const event = orderEventOf(row.action);
  const name =
    names.textIn(found?.productTexts, 'title') ??
    names.textIn(names.texts('product', int(detail.product_id)), 'title') ??
    names.textIn(found?.subscriptionTexts, 'title') ??
    names.textIn(found?.voucherTexts, 'title');
  // The slot the row was about when it was written (a refund's), else the one the order has now; a move names both itself.
  const slotAt = earlierPlotId(row.action, row.before);
  const current = found?.slotDate ? slotOf({ date: found.slotDate, startTime: found.slotStart, endTime: found.slotEnd }) : null;
  const booked = event === 'moved' ? null : (historySlot(detail.from) ?? (slotAt !== null ? slotOf(names.slot(slotAt)) : current));
  const details = event
    ? orderDetails(event, row.action, row.before, row.after, {
        currency: found?.currency ?? names.currency,
        slot: (plotId) => slotOf(names.slot(plotId)),
        fieldLabel: names.fieldLabel,
      })
    : {};
  return { subject: { ...nameless(), name, gone: found === undefined, slot: booked, number }, details };
};

const DESCRIBERS: Record<AuditEntity, Describer> = {
  product: byText('product'),
  product_schedule: schedule,
  slot,
  category: byText('category'),
  audience: byText('audience'),
  upsell: byText('upsell'),
  coupon,
  subscription: byText('subscription'),
  voucher: byText('voucher'),
  order,
  refund_request: refundRequest,
  gift_card: giftCard,
  client_subscription: pass,
  staff,
  organisation: byText('organisation'),
  customer_field: customerField,
  addition: byText('addition'),
  faq_question: byText('faq_question'),
};

/** The row's thing and what it moved; a kind of thing this reader does not know yet is left unnamed. */
export function describeAuditRow(row: AuditRow, names: AuditNames): Described {
  const describer = (AUDIT_ENTITIES as readonly string[]).includes(row.entity) ? DESCRIBERS[row.entity as AuditEntity] : null;
  return describer ? describer(row, names, idOf(row.entityId)) : { subject: nameless(), details: {} };
}
