/**
 * An audit entry in words: one sentence per action ("Refunded €35.50 of order 123456789 — Aquarium
 * entry, Tue 10 Dec 2030, 15:00"), the facts that go with it (tickets, reason, payment …) and an
 * edit's changes ("Price: €12.50 → €15.00"). Built from the answer's names and values with the
 * reader's translations and formats; no id or internal code reaches the text.
 */
import type { TFunction } from 'i18next';
import type { AuditChange, AuditEntry, AuditValue } from '#domain/backoffice/audit-log.schema.ts';
import type { AuditFormat } from './audit-format.ts';

/** Things named by a title or label (quoted); people and codes are named as they are. */
const QUOTED = new Set([
  'product',
  'product_schedule',
  'category',
  'audience',
  'upsell',
  'subscription',
  'voucher',
  'customer_field',
  'addition',
  'faq_question',
  'client_subscription',
]);

export interface AuditText {
  sentence: string;
  facts: string[];
}

/** The entry's thing as a sentence names it: quoted, marked when since deleted, or described when nothing names it. */
function thingName(entry: AuditEntry, t: TFunction): string {
  const { name, gone } = entry.subject;
  if (name === null) return t([`audit.gone.${entry.entity}`, 'audit.gone.any']);
  const said = QUOTED.has(entry.entity) ? t('audit.quoted', { name }) : name;
  return gone ? t('audit.sinceDeleted', { name: said }) : said;
}

/** What a slot or an order was about: its product and slot, "Aquarium entry, Tue 10 Dec 2030, 15:00". */
function about(entry: AuditEntry, t: TFunction, format: AuditFormat): string | null {
  const { name, slot } = entry.subject;
  if (name !== null && slot) return t('audit.slotOf', { name, when: format.slot(slot) });
  if (name !== null) return name;
  if (slot) return format.slot(slot);
  return entry.entity === 'slot' ? t('audit.gone.slot') : null;
}

function orderSentence(entry: AuditEntry, t: TFunction, format: AuditFormat): string {
  const { details, subject } = entry;
  const event = details.event!;
  const values = {
    number: subject.number ?? entry.entity_id ?? '',
    amount: details.amount ? format.money(details.amount) : '',
    code: details.code ?? '',
    order: details.order ?? '',
    from: details.from ? format.slot(details.from) : '',
    to: details.to ? format.slot(details.to) : '',
  };
  if (event === 'refunded' && !details.amount) return t('audit.order.refundedTickets', values);
  if (event === 'moved' && !(details.from && details.to)) return t('audit.order.movedAway', values);
  return t(`audit.order.${event}`, values);
}

function sentenceOf(entry: AuditEntry, t: TFunction, format: AuditFormat): string {
  const { details, subject } = entry;
  if (entry.entity === 'order' && details.event) return orderSentence(entry, t, format);
  const values = {
    name: thingName(entry, t),
    number: subject.number ?? '',
    holder: subject.holder ?? '',
    role: details.role ? t(`backoffice:roles.${details.role}`) : '',
    amount: details.amount ? format.money(details.amount, entry.action === 'gift_card.adjust') : '',
    date: details.expires ? format.day(details.expires) : '',
  };
  return t([`audit.action.${entry.action}`, 'audit.action.unknown'], values);
}

function factsOf(entry: AuditEntry, t: TFunction, format: AuditFormat): string[] {
  const { details } = entry;
  const facts: string[] = [];
  const event = details.event;
  if (details.amount && event === 'cancelled') facts.push(t('audit.fact.refunded', { amount: format.money(details.amount) }));
  if (details.amount && event === 'moved') facts.push(t('audit.fact.difference', { amount: format.money(details.amount, true) }));
  if (details.amount && (event === 'refunded_by_provider' || event === 'chargeback' || event === 'late_payment_refunded'))
    facts.push(t('audit.fact.amount', { amount: format.money(details.amount) }));
  if (details.tickets?.length)
    facts.push(t('audit.fact.tickets', { count: details.tickets.length, list: format.list(details.tickets.map((ticket) => format.number(ticket))) }));
  if (details.quantity) facts.push(t('audit.fact.quantity', { from: format.number(details.quantity.from), to: format.number(details.quantity.to) }));
  if (details.total) facts.push(t('audit.fact.total', { from: format.money(details.total.from), to: format.money(details.total.to) }));
  if (details.fields?.length) facts.push(t('audit.fact.fields', { list: format.list(details.fields) }));
  if (details.method) facts.push(t('audit.fact.method', { method: t(`audit.methods.${details.method}`, { defaultValue: details.method }) }));
  if (details.recipient) facts.push(t('audit.fact.recipient', { email: details.recipient }));
  if (details.expires && entry.action === 'gift_card.issue') facts.push(t('audit.fact.expires', { date: format.day(details.expires) }));
  if (details.affected && details.affected.places > 0 && entry.action === 'slot.close')
    facts.push(t('audit.fact.affected', { count: details.affected.places }));
  if (details.slots) {
    const { added, changed, removed, closed } = details.slots;
    const counts = [
      ['slotsAdded', added],
      ['slotsChanged', changed],
      ['slotsRemoved', removed],
      ['slotsClosed', closed],
    ] as const;
    const said = counts.filter(([, count]) => count > 0).map(([key, count]) => t(`audit.fact.${key}`, { count }));
    facts.push(said.length ? format.list(said) : t('audit.fact.slotsSame'));
  }
  if (details.reason) facts.push(t(entry.action === 'refund_request.decline' ? 'audit.fact.reply' : 'audit.fact.reason', { reason: details.reason }));
  return facts;
}

/** The entry's sentence and its facts. */
export function auditText(entry: AuditEntry, t: TFunction, format: AuditFormat): AuditText {
  const sentence = sentenceOf(entry, t, format);
  const what = entry.entity === 'order' || entry.entity === 'slot' ? about(entry, t, format) : null;
  return { sentence: what ? `${sentence} — ${what}` : sentence, facts: factsOf(entry, t, format) };
}

function valueText(value: AuditValue, t: TFunction, format: AuditFormat): string {
  switch (value.kind) {
    case 'text':
      return value.text;
    case 'money':
      return format.money(value);
    case 'number':
      return format.number(value.value);
    case 'percent':
      return format.percent(value.value);
    case 'flag':
      return value.value ? t('audit.yes') : t('audit.no');
    case 'date':
      return format.day(value.date);
    case 'moment':
      return format.moment(value.at);
    case 'time':
      return value.time;
    case 'role':
      return t(`backoffice:roles.${value.role}`);
    case 'state':
      return t(`backoffice-catalogue:states.${value.state}`);
    case 'languages':
      return format.list(value.languages.map(format.language));
  }
}

/**
 * One change as a line: "Price: €12.50 → €15.00", "Places: unlimited → 40", "Description (English)
 * changed"; a creation's values alone ("Price: €12.50").
 */
export function changeText(change: AuditChange, creation: boolean, t: TFunction, format: AuditFormat): string {
  const name = t(`audit.fields.${change.field}`);
  const field = change.language ? t('audit.fieldIn', { field: name, language: format.language(change.language) }) : name;
  const { from, to } = change;
  if (from === null && to === null) return t('audit.changeNamed', { field });
  const said = (value: AuditValue | null) => (value === null ? t([`audit.none.${change.field}`, 'audit.none.any']) : valueText(value, t, format));
  return creation ? t('audit.changeSet', { field, to: said(to) }) : t('audit.change', { field, from: said(from), to: said(to) });
}
