/**
 * An order's audit row in the words of its history: the one order change writes `order.<event>` with an
 * OrderHistoryDetail (src/domain/order-history.ts) as `after`; the desk's earlier rows (`order.refund`,
 * `order.move`, …) kept other shapes, read here into the same event and values, so the page says both alike.
 */
import type { AuditDetails, AuditSlot } from '#domain/backoffice/audit-log.schema.ts';
import { toAmount } from '#domain/money.ts';
import { ORDER_EVENTS, type HistorySlot, type OrderEvent } from '#domain/order-history.ts';

/**
 * The desk's actions before the order history, and the events they are (`order.invoice_paid` kept its
 * name: read as the history's, its earlier `after` holds nothing the sentence says).
 */
const EARLIER: Record<string, OrderEvent> = {
  'order.refund': 'refunded',
  'order.cancel': 'cancelled',
  'order.move': 'moved',
  'order.customer': 'customer_changed',
  'order.resend': 'confirmation_resent',
};

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const int = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) ? value : null);
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

export function orderEventOf(action: string): OrderEvent | null {
  const earlier = EARLIER[action];
  if (earlier) return earlier;
  const event = action.startsWith('order.') ? action.slice('order.'.length) : '';
  return (ORDER_EVENTS as readonly string[]).includes(event) ? (event as OrderEvent) : null;
}

/** The slots an earlier row names by id (the booked one of a refund, both of a move): resolved with the page's others. */
export function earlierPlotIds(action: string, before: unknown, after: unknown): number[] {
  if (!(action in EARLIER)) return [];
  return [int(record(before).plotId), int(record(after).plotId)].filter((id): id is number => id !== null);
}

/** The slot an earlier row was about when it was written: a refund's booked slot, a move's first. */
export function earlierPlotId(action: string, before: unknown): number | null {
  return action in EARLIER ? int(record(before).plotId) : null;
}

const CUSTOMER_KEYS = ['first_name', 'last_name', 'email', 'company', 'vat_id', 'address', 'zipcode', 'city'];

/** The customer fields a row changed, by their keys: the new detail lists them, an earlier row's two customers show them. */
export function changedCustomerFields(action: string, before: unknown, after: unknown): string[] {
  const detail = record(after);
  if (action !== 'order.customer') return Array.isArray(detail.fields) ? detail.fields.filter((field): field is string => typeof field === 'string') : [];
  const old = record(before);
  const oldFields = record(old.fields);
  const newFields = record(detail.fields);
  const differs = (a: unknown, b: unknown) => JSON.stringify(a ?? null) !== JSON.stringify(b ?? null);
  return [
    ...CUSTOMER_KEYS.filter((key) => differs(old[key], detail[key])),
    ...[...new Set([...Object.keys(oldFields), ...Object.keys(newFields)])].filter((key) => differs(oldFields[key], newFields[key])),
  ];
}

/** A history slot (day and start) as the audit answer's slot. */
export function historySlot(value: unknown): AuditSlot | null {
  const slot = record(value) as Partial<HistorySlot>;
  if (typeof slot.date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(slot.date)) return null;
  return { date: slot.date, start: typeof slot.time === 'string' && /^\d{2}:\d{2}/.test(slot.time) ? slot.time.slice(0, 5) : null, end: null };
}

export interface OrderReading {
  /** The order's currency (an earlier row's amounts have none of their own); the shop's when the order is gone. */
  currency: string;
  slot: (plotId: number) => AuditSlot | null;
  /** A customer field's label in the reader's language. */
  fieldLabel: (key: string) => string;
}

/** What the row moved, as the page says it: money, slots, tickets, quantities, a code, the fields, the reason. */
export function orderDetails(event: OrderEvent, action: string, before: unknown, after: unknown, reading: OrderReading): AuditDetails {
  const old = record(before);
  const detail = record(after);
  const details: AuditDetails = { event };
  const money = (cents: number, currency = reading.currency) => ({ amount: toAmount(cents), currency });

  if (action in EARLIER) {
    const refunded = (int(detail.refundedCents) ?? 0) - (int(old.refundedCents) ?? 0);
    if ((action === 'order.refund' || action === 'order.cancel') && refunded > 0) details.amount = money(refunded);
    const difference = int(detail.differenceCents);
    if (action === 'order.move' && difference) details.amount = money(difference);
    const from = int(old.plotId);
    const to = int(detail.plotId);
    if (action === 'order.move') Object.assign(details, { from: from === null ? null : reading.slot(from), to: to === null ? null : reading.slot(to) });
    const quantity = { from: int(old.quantity), to: int(detail.quantity) };
    if (quantity.from !== null && quantity.to !== null && quantity.from !== quantity.to) details.quantity = { from: quantity.from, to: quantity.to };
    const recipient = text(detail.to);
    if (recipient) details.recipient = recipient;
  } else {
    const cents = int(detail.amount_cents);
    const currency = text(detail.currency) ?? reading.currency;
    if (cents) details.amount = money(cents, currency);
    if ('from' in detail) details.from = historySlot(detail.from);
    if ('to' in detail) details.to = historySlot(detail.to);
    const quantity = record(detail.quantity);
    if (int(quantity.from) !== null && int(quantity.to) !== null) details.quantity = { from: quantity.from as number, to: quantity.to as number };
    const total = record(detail.total_cents);
    if (int(total.from) !== null && int(total.to) !== null)
      details.total = { from: money(total.from as number, currency), to: money(total.to as number, currency) };
    const code = text(detail.code);
    if (code) details.code = code;
    const reason = text(detail.reason);
    if (reason) details.reason = reason;
    const method = text(detail.method);
    if (method) details.method = method;
    const other = int(detail.order);
    if (other !== null) details.order = other;
  }
  if (Array.isArray(detail.tickets)) {
    const tickets = detail.tickets.filter((ticket): ticket is number => int(ticket) !== null);
    if (tickets.length > 0) details.tickets = tickets;
  }
  const fields = changedCustomerFields(action, before, after);
  if (fields.length > 0) details.fields = fields.map(reading.fieldLabel);
  return details;
}
