/**
 * Orders, their lines, payments, capacity holds and rebookings. An order is one cart item
 * (a product, subscription or voucher purchase); the orders of one checkout share a payment.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Customer } from '#domain/customer.ts';
import type { Language } from '#domain/languages.ts';
import type { InvoiceDetails } from '#domain/invoice.ts';
import type { OrderActorKind, OrderEvent, OrderHistoryDetail } from '#domain/order-history.ts';
import { audiences, plots, products, upsells } from './catalogue.ts';
import { clients, clientSubscriptions } from './clients.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { subscriptions } from './subscriptions.ts';
import { giftCards, voucherValues, vouchers } from './vouchers.ts';
import { waitlistEntries } from './waitlist.ts';
import { staffAccounts } from './staff.ts';

/** What a paid subscription order issues: passes per audience, renewing `renews` (a client subscription id) or new. */
export interface SubscriptionPlan {
  renews: number | null;
  passes: { pass: number | null; audience: number; name: string | null; birthday: string | null }[];
}

export const ORDER_STATUSES = ['PENDING', 'PAID', 'RESERVED', 'CANCELLED', 'EXPIRED', 'FAILED', 'REFUNDED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'cancelled', 'expired', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type PaymentType = 'REDIRECT' | 'FORM' | 'CUSTOM';
export type OrderKind = 'PRODUCT' | 'SUBSCRIPTION' | 'VOUCHER';
export type OrderLineKind = 'TICKET' | 'AUDIENCE' | 'UPSELL' | 'SUBSCRIPTION_AUDIENCE' | 'VOUCHER_VALUE';

export const payments = pgTable(
  'payments',
  {
    id: id(),
    hash: text('hash').notNull(),
    /** Which adapter handles it: test, stripe, paypal, ... */
    gateway: text('gateway').notNull(),
    type: text('type').$type<PaymentType>().notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('pending'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** The provider's id for it (checkout session, PayPal order). */
    providerReference: text('provider_reference'),
    /** What the storefront needs to run the payment (address, form markup, keys). */
    transaction: jsonb('transaction').$type<Record<string, unknown> | null>(),
    /** When a pending payment is given up (its holds lapse then too); null for rows from before this column. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_hash').on(t.hash),
    index('payments_pending_expiry').on(t.status, t.expiresAt),
    uniqueIndex('payments_provider_reference').on(t.gateway, t.providerReference),
    check('payments_status', sql`${t.status} in ('pending','paid','failed','cancelled','expired','refunded')`),
    check('payments_amount', sql`${t.amountCents} >= 0`),
  ],
);

/** Every change of a payment's state, once per provider event (idempotency key). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: id(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    /** The provider's event id, or a key derived from the return visit; unique so a duplicate is ignored. */
    eventKey: text('event_key').notNull(),
    fromStatus: text('from_status').$type<PaymentStatus>().notNull(),
    toStatus: text('to_status').$type<PaymentStatus>().notNull(),
    payload: jsonb('payload').$type<unknown>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_events_key').on(t.paymentId, t.eventKey)],
);

/**
 * Money to give back: written in the same transaction that decided it (a payment that arrived after
 * its places were sold to someone else), carried out by the refund worker of any API process, with
 * a stable idempotency key so that a retry after a crash never refunds twice.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: id(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    status: text('status').$type<'due' | 'done' | 'failed'>().notNull().default('due'),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    /**
     * What makes the refund happen once: the gateway call carries it, and it is unique, so a double
     * click (the same key sent twice) or a replayed late payment queues one refund. A late payment's
     * refund: `refund-<payment hash>`; a staff refund: `staff-<key the desk sent>`.
     */
    idempotencyKey: text('idempotency_key').notNull(),
    /** The order a staff refund is for (null: the whole payment, a late payment's refund). */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The staff member who asked for it (staff_accounts.id; null: the shop itself, a late payment). */
    staffId: integer('staff_id'),
    /** The provider's refund id, once done. */
    providerReference: text('provider_reference'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // Several refunds per payment (partial refunds sum); each once, by its key.
    index('payment_refunds_payment').on(t.paymentId),
    uniqueIndex('payment_refunds_key').on(t.idempotencyKey),
    index('payment_refunds_order').on(t.orderId),
    index('payment_refunds_due').on(t.status, t.lockedUntil),
    check('payment_refunds_status', sql`${t.status} in ('due','done','failed')`),
    check('payment_refunds_amount', sql`${t.amountCents} >= 0`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: id(),
    /**
     * The order number people read out, type and rebook with (spec: digits). Random, 9 digits, drawn
     * by the database (`next_order_number()`, migration 0013) so that numbers cannot be walked; orders
     * from before kept their id as their number.
     */
    number: integer('number')
      .notNull()
      .default(sql`next_order_number()`),
    /** Public handle in links (/reservation/{hash}, /checkout/return/{hash}). */
    hash: text('hash').notNull(),
    kind: text('kind').$type<OrderKind>().notNull(),
    status: text('status').$type<OrderStatus>().notNull(),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    customer: jsonb('customer').$type<Customer>().notNull(),
    language: text('language').$type<Language>().notNull(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'restrict' }),
    plotId: integer('plot_id').references(() => plots.id, { onDelete: 'restrict' }),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'restrict' }),
    voucherId: integer('voucher_id').references(() => vouchers.id, { onDelete: 'restrict' }),
    /** The client subscription redeemed for this order, if any. */
    clientSubscriptionId: integer('client_subscription_id').references(() => clientSubscriptions.id, { onDelete: 'set null' }),
    /** Ticket count of a product order (what holds and `sold` count). */
    quantity: integer('quantity').notNull().default(0),
    couponCodes: jsonb('coupon_codes').$type<string[]>().notNull().default([]),
    productCents: integer('product_cents').notNull().default(0),
    upsellCents: integer('upsell_cents').notNull().default(0),
    discountCents: integer('discount_cents').notNull().default(0),
    additionsCents: integer('additions_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull().default(0),
    currency: text('currency').notNull(),
    /** Confirmed on invoice: nothing paid online, the total is owed by invoice (docs/decisions/0018-invoice-orders-and-enrichment.md). */
    invoice: boolean('invoice').notNull().default(false),
    /** An invoice order's business details as given at checkout (src/domain/invoice.ts `InvoiceDetails`); null otherwise. */
    invoiceDetails: jsonb('invoice_details').$type<InvoiceDetails | null>(),
    /** An invoice order: when a staff member recorded the invoice as paid (null: still owed). */
    invoicePaidAt: timestamp('invoice_paid_at', { withTimezone: true }),
    allowChanges: boolean('allow_changes').notNull().default(true),
    /** The order this one rebooks. */
    rebookOfOrderId: integer('rebook_of_order_id').references((): AnyPgColumn => orders.id, { onDelete: 'set null' }),
    enrichment: jsonb('enrichment').$type<Record<string, unknown> | null>(),
    /** A subscription order's passes (and the client subscription it renews), issued when it is paid. */
    subscriptionPlan: jsonb('subscription_plan').$type<SubscriptionPlan | null>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_hash').on(t.hash),
    uniqueIndex('orders_number').on(t.number),
    index('orders_payment').on(t.paymentId),
    index('orders_plot_status').on(t.plotId, t.status),
    // The orders desk's filters, newest first (server/modules/order-desk; expression indexes for
    // the e-mail and name prefixes are in migration staff_orders_desk).
    index('orders_status_id').on(t.status, t.id),
    index('orders_product_id').on(t.productId, t.id),
    // The orders export's keyset pages and the reports' sales by sale day (server/modules/reports).
    index('orders_created_id').on(t.createdAt, t.id),
    /** The back office's list of orders to invoice. */
    index('orders_invoiced')
      .on(t.createdAt)
      .where(sql`${t.invoice}`),
    // The expiry reminder's language: the newest order that redeemed a client subscription.
    index('orders_client_subscription')
      .on(t.clientSubscriptionId, t.id)
      .where(sql`${t.clientSubscriptionId} is not null`),
    check('orders_status', sql`${t.status} in ('PENDING','PAID','RESERVED','CANCELLED','EXPIRED','FAILED','REFUNDED')`),
    check('orders_kind', sql`${t.kind} in ('PRODUCT','SUBSCRIPTION','VOUCHER')`),
    check('orders_amounts', sql`${t.quantity} >= 0 and ${t.totalCents} >= 0 and ${t.discountCents} >= 0`),
  ],
);

/** What was bought, priced by the server at submission. */
/** A payment row and an order row as the database answers them. */
export type PaymentRecord = typeof payments.$inferSelect;
export type OrderRecord = typeof orders.$inferSelect;

export const orderLines = pgTable(
  'order_lines',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<OrderLineKind>().notNull(),
    audienceId: integer('audience_id').references(() => audiences.id, { onDelete: 'restrict' }),
    upsellId: integer('upsell_id').references(() => upsells.id, { onDelete: 'restrict' }),
    voucherValueId: integer('voucher_value_id').references(() => voucherValues.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
  },
  (t) => [index('order_lines_order').on(t.orderId), check('order_lines_quantity', sql`${t.quantity} > 0 and ${t.unitPriceCents} >= 0`)],
);

/**
 * Places an unpaid order holds on a plot until `expires_at`. An expired hold stops counting for
 * availability at once (it counts `expires_at > now`); the guard's counter (`plots.held`) gives its
 * places back when a checkout needs them, so no sweeper is needed for correctness.
 */
export const holds = pgTable(
  'holds',
  {
    id: id(),
    plotId: integer('plot_id')
      .notNull()
      .references(() => plots.id, { onDelete: 'cascade' }),
    /** The unpaid order holding the places; null for a waiting-list hold (`waitlist_entry_id`). */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /** A waiting-list entry offered these places (server/modules/waitlist): a live hold like an order's. */
    waitlistEntryId: integer('waitlist_entry_id').references((): AnyPgColumn => waitlistEntries.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Its quantity is in `plots.held`; false once a lapsed hold was reclaimed (its places given back). */
    counted: boolean('counted').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('holds_plot_expires').on(t.plotId, t.expiresAt),
    uniqueIndex('holds_order_plot').on(t.orderId, t.plotId),
    uniqueIndex('holds_waitlist_entry').on(t.waitlistEntryId),
    check('holds_quantity', sql`${t.quantity} > 0`),
    check('holds_owner', sql`(${t.orderId} is null) <> (${t.waitlistEntryId} is null)`),
  ],
);

/**
 * E-tickets: one per admission of a paid order, issued when it becomes paid. Its QR code is the
 * shop-signed `code` (server/modules/tickets/ticket-code.ts); `nonce` makes it unguessable.
 * `used_at` is set once, by the first check-in.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 1..quantity within the order. */
    position: integer('position').notNull(),
    nonce: text('nonce').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Refunded by the box office (its money given back, its place released): it no longer checks in. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** Where the first check-in happened (a gate's name, or `token` for the machines' route). */
    usedWhere: text('used_where'),
    /** The staff member whose scan checked it in (null: the machines' token route). */
    usedByStaffId: integer('used_by_staff_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tickets_order_position').on(t.orderId, t.position), check('tickets_position', sql`${t.position} > 0`)],
);
export type TicketRecord = typeof tickets.$inferSelect;

export const rebookings = pgTable('rebookings', {
  id: id(),
  originalOrderId: integer('original_order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  newOrderId: integer('new_order_id').references(() => orders.id, { onDelete: 'set null' }),
  status: text('status').notNull().default('VALIDATED'),
  createdAt: createdAt(),
});

/**
 * What POST /api/rebook/validate hands out instead of the order's hash: a short-lived token that
 * lets one booking be moved and nothing else (not its e-tickets, not its cancel). Stored by the
 * SHA-256 of the token, so any API process can check it; expired rows are deleted as new ones come.
 */
export const rebookTokens = pgTable(
  'rebook_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('rebook_tokens_expiry').on(t.expiresAt)],
);

/**
 * Gift-card credit spent on one checkout's payment. Kept so that a payment that fails or is
 * cancelled gives the credit back (`restoredAt` set once, so it is never given back twice).
 */
export const giftCardDebits = pgTable(
  'gift_card_debits',
  {
    id: id(),
    giftCardId: integer('gift_card_id')
      .notNull()
      .references(() => giftCards.id, { onDelete: 'restrict' }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    restoredAt: timestamp('restored_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('gift_card_debits_payment').on(t.paymentId),
    index('gift_card_debits_card').on(t.giftCardId),
    check('gift_card_debits_amount', sql`${t.amountCents} > 0`),
  ],
);

/**
 * An order's history: one row per change, written by the one order change (checkout/order-change.ts)
 * in the change's transaction — by a shopper, staff, the system, a gateway or an API token — and read
 * in words by the desk's timeline, the shopper's pages and the audit log (src/domain/order-history.ts).
 */
export const orderHistory = pgTable(
  'order_history',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** One of ORDER_EVENTS (src/domain/order-history.ts). */
    event: text('event').$type<OrderEvent>().notNull(),
    /** One of ORDER_ACTORS: shopper, staff, system, gateway, token. */
    actorKind: text('actor_kind').$type<OrderActorKind>().notNull(),
    /** The staff member, for a staff change. */
    staffId: integer('staff_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
    /** The actor's name as it was (a staff member's, a gateway's, a token's), for readers when the account is gone. */
    actorName: text('actor_name'),
    detail: jsonb('detail')
      .$type<OrderHistoryDetail>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_history_order').on(t.orderId, t.id)],
);
export type OrderHistoryRecord = typeof orderHistory.$inferSelect;
