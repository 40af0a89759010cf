/**
 * An order's history: one entry per change, written by the one order change
 * (server/modules/checkout/order-change.ts) in the change's own transaction, and read by the
 * desk's timeline, the shopper's order and reservation pages and the audit log, in words.
 * An entry names what happened (`event`), who did it (`actor`) and what it moved (`detail`):
 * plain values, never a rendered sentence, so each reader says it in its own language.
 */

/** What happened to the order. */
export const ORDER_EVENTS = [
  /** The checkout wrote it (paying, on invoice, reserved or with nothing to pay). */
  'placed',
  /** Its payment arrived. */
  'paid',
  /** Its payment failed, or the shopper cancelled it at the provider. */
  'payment_failed',
  'payment_cancelled',
  /** Unpaid when its hold (or reservation) ran out: places given back. */
  'expired',
  /** Another slot (and, for a reservation, perhaps other quantities and a new price). */
  'moved',
  /** Money given back (part of it, some tickets, or everything with `cancelled`). */
  'refunded',
  /** The whole order called off; places and what the checkout took given back. */
  'cancelled',
  /** Customer details changed. */
  'customer_changed',
  /** A coupon taken off a reservation; the price worked out again. */
  'coupon_removed',
  /** The confirmation (with its tickets) mailed again. */
  'confirmation_resent',
  /** An invoice order's invoice recorded as paid. */
  'invoice_paid',
  /** A refund request was answered. */
  'refund_request_accepted',
  'refund_request_declined',
  /** Money that arrived after the order was given up and could not keep it: given back in full. */
  'late_payment_refunded',
  /** A rebooking replaced this order with another (`detail.order` is the new one's number). */
  'rebooked',
  /** The payment provider reports money given back outside this shop, or a dispute. */
  'refunded_by_provider',
  'chargeback',
] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

/** Who made the change. */
export const ORDER_ACTORS = ['shopper', 'staff', 'system', 'gateway', 'token'] as const;
export type OrderActorKind = (typeof ORDER_ACTORS)[number];

/** A slot as an entry keeps it: its date and start time in the shop's time zone (no start time: all day). */
export interface HistorySlot {
  date: string;
  time: string | null;
}

/** What an entry records besides event and actor; every field optional, each event uses a few. */
export interface OrderHistoryDetail {
  /** The product booked (resolved to its name in the reader's language). */
  product_id?: number | null;
  from?: HistorySlot | null;
  to?: HistorySlot | null;
  /** Money moved by this change, in cents (a refund: what goes back; a move: the price difference). */
  amount_cents?: number;
  currency?: string;
  /** How money moves: the payment's gateway (`stripe`, `paypal`, `test`, `invoice`, `none`). */
  method?: string | null;
  /** Ticket positions this change concerned (refunded tickets). */
  tickets?: number[];
  quantity?: { from: number; to: number } | null;
  total_cents?: { from: number; to: number } | null;
  /** A coupon code (coupon_removed). */
  code?: string | null;
  /** Names of the customer fields that changed (customer_changed). */
  fields?: string[];
  /** Free text the actor gave (a staff refund's reason, a decline's reply). */
  reason?: string | null;
  /** Another order's number (rebooked: the new order). */
  order?: number | null;
}

/** The money of an entry's detail in the reader's hands, or null when it moved none. */
export function historyAmountCents(detail: OrderHistoryDetail): number | null {
  return typeof detail.amount_cents === 'number' && detail.amount_cents !== 0 ? detail.amount_cents : null;
}

/** Whether an event moves money or places, so the visitor is told by mail (the one order change decides with this). */
export function visitorIsTold(event: OrderEvent): boolean {
  return (
    event === 'moved' ||
    event === 'refunded' ||
    event === 'cancelled' ||
    event === 'refund_request_accepted' ||
    event === 'refund_request_declined' ||
    event === 'late_payment_refunded' ||
    event === 'refunded_by_provider'
  );
}
