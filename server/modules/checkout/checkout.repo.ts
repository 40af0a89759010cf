/**
 * The checkout's own rows: payments, orders, their lines and holds. THE only code that inserts into
 * `payments`, `orders` and `order_lines` (tests/lint/order-writes.test.ts holds it to that): a
 * submission of any kind (products, subscriptions, vouchers: checkout-core.ts) writes all of them in
 * ONE statement (`insertCheckout`); a changed reservation's lines are replaced by `replaceOrderLines`;
 * the rest are the reads and status changes of settlement.
 */
import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Customer } from '#domain/customer.ts';
import type { InvoiceDetails } from '#domain/invoice.ts';
import type { Language } from '#domain/languages.ts';
import type { OrderActorKind, OrderEvent, OrderHistoryDetail } from '#domain/order-history.ts';
import type { Executor } from '../../db/client.ts';
import { executeNamed } from '../../db/named-statement.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { bindKeyWhenWritten, type IdempotencyClaim } from '../idempotency/index.ts';
import {
  orders,
  orderHistory,
  payments,
  paymentRefunds,
  orderLines,
  type OrderKind,
  type OrderLineKind,
  type OrderRecord,
  type OrderStatus,
  type PaymentRecord,
  type PaymentStatus,
  type PaymentType,
  type SubscriptionPlan,
} from '../../db/schema/index.ts';

export interface NewOrderLine {
  kind: OrderLineKind;
  audienceId?: number | null;
  upsellId?: number | null;
  quantity: number;
  unitPriceCents: number;
  /** A voucher order's line: the voucher value it sells. */
  voucherValueId?: number | null;
}

export interface NewCheckoutOrder {
  hash: string;
  /** A PRODUCT order's product (null for the other kinds). */
  productId: number | null;
  plotId: number | null;
  /** A SUBSCRIPTION order's subscription and the passes it issues once paid. */
  subscriptionId?: number | null;
  subscriptionPlan?: SubscriptionPlan | null;
  /** A VOUCHER order's voucher. */
  voucherId?: number | null;
  quantity: number;
  couponCodes: string[];
  productCents: number;
  upsellCents: number;
  discountCents: number;
  additionsCents: number;
  totalCents: number;
  enrichment: Record<string, unknown> | null;
  lines: NewOrderLine[];
  /** Places this order holds on its plot until the payment's `expiresAt` (none: nothing held). */
  holdPlaces: number;
}

export interface NewCheckout {
  payment: {
    hash: string;
    gateway: string;
    status: PaymentStatus;
    amountCents: number;
    currency: string;
    expiresAt: Date | null;
    /** The gateway payment when it was created before writing (an offline gateway). */
    created: { type: PaymentType; transaction: Record<string, unknown>; providerReference: string | null } | null;
  };
  /** Every order of one checkout is of one kind: the line kind of checkout-core.ts. */
  kind: OrderKind;
  status: OrderStatus;
  clientId: number | null;
  customer: Customer;
  language: Language;
  /** An order on invoice: its business details, kept on every order (`orders.invoice`, `invoice_details`). */
  invoice?: InvoiceDetails | null;
  orders: NewCheckoutOrder[];
}

export interface WrittenCheckout {
  paymentId: number;
  /** In cart order. */
  orders: { id: number; hash: string }[];
}

/**
 * The payment, its orders, their lines and holds: one statement, one round trip, prepared once per
 * connection (db/named-statement.ts). `guard`: the
 * capacity guard's conditional UPDATE of the cart's one slot (capacity-guard.ts `guardStatement`),
 * run in the same statement — nothing is written, and null answered, when it refuses. `bind`: the
 * request's idempotency key, bound to the payment by the same statement when it writes (the guard
 * then also checks the key is still held: idempotency-store.ts keyStillHeld).
 */
export async function insertCheckout(
  db: Executor,
  checkout: NewCheckout,
  guard: SQL | null = null,
  bind: IdempotencyClaim | null = null,
): Promise<WrittenCheckout | null> {
  const { payment } = checkout;
  const expiresAt = payment.expiresAt?.toISOString() ?? null;
  const orderRows = checkout.orders.map((order, position) => ({
    position,
    hash: order.hash,
    product_id: order.productId,
    plot_id: order.plotId,
    quantity: order.quantity,
    coupon_codes: order.couponCodes,
    product_cents: order.productCents,
    upsell_cents: order.upsellCents,
    discount_cents: order.discountCents,
    additions_cents: order.additionsCents,
    total_cents: order.totalCents,
    enrichment: order.enrichment,
    subscription_id: order.subscriptionId ?? null,
    subscription_plan: order.subscriptionPlan ?? null,
    voucher_id: order.voucherId ?? null,
  }));
  const lineRows = checkout.orders.flatMap((order) =>
    order.lines
      .filter((line) => line.quantity > 0)
      .map((line) => ({
        order_hash: order.hash,
        kind: line.kind,
        audience_id: line.audienceId ?? null,
        upsell_id: line.upsellId ?? null,
        voucher_value_id: line.voucherValueId ?? null,
        quantity: line.quantity,
        unit_price_cents: line.unitPriceCents,
      })),
  );
  const holdRows = checkout.orders.flatMap((order) =>
    order.plotId !== null && order.holdPlaces > 0 && expiresAt !== null ? [{ order_hash: order.hash, plot_id: order.plotId, quantity: order.holdPlaces }] : [],
  );

  const result = await executeNamed(
    db,
    sql`
    with guard as (${guard ?? sql`select 1`}), pay as (
      insert into payments (hash, gateway, type, status, amount_cents, currency, expires_at, transaction, provider_reference)
      select ${payment.hash}::text, ${payment.gateway}::text, ${payment.created?.type ?? 'REDIRECT'}::text, ${payment.status}::text, ${payment.amountCents}::int,
        ${payment.currency}::text, ${expiresAt}::timestamptz, ${payment.created ? JSON.stringify(payment.created.transaction) : null}::jsonb,
        ${payment.created?.providerReference ?? null}::text
      where exists (select 1 from guard)
      returning id
    ), ord as (
      insert into orders (hash, kind, status, payment_id, client_id, customer, language, product_id, plot_id, quantity, coupon_codes,
        product_cents, upsell_cents, discount_cents, additions_cents, total_cents, currency, enrichment, subscription_id, subscription_plan, voucher_id,
        invoice, invoice_details)
      select o.hash, ${checkout.kind}::text, ${checkout.status}, pay.id, ${checkout.clientId}::int, ${JSON.stringify(checkout.customer)}::jsonb, ${checkout.language},
        o.product_id, o.plot_id, o.quantity, o.coupon_codes, o.product_cents, o.upsell_cents, o.discount_cents, o.additions_cents, o.total_cents,
        ${payment.currency}, o.enrichment, o.subscription_id, o.subscription_plan, o.voucher_id,
        ${checkout.invoice != null}::boolean, ${checkout.invoice ? JSON.stringify(checkout.invoice) : null}::jsonb
      from pay, jsonb_to_recordset(${JSON.stringify(orderRows)}::jsonb) as o(position int, hash text, product_id int, plot_id int, quantity int,
        coupon_codes jsonb, product_cents int, upsell_cents int, discount_cents int, additions_cents int, total_cents int, enrichment jsonb,
        subscription_id int, subscription_plan jsonb, voucher_id int)
      order by o.position
      returning id, hash
    ), lines as (
      insert into order_lines (order_id, kind, audience_id, upsell_id, voucher_value_id, quantity, unit_price_cents)
      select ord.id, l.kind, l.audience_id, l.upsell_id, l.voucher_value_id, l.quantity, l.unit_price_cents
      from jsonb_to_recordset(${JSON.stringify(lineRows)}::jsonb) as l(order_hash text, kind text, audience_id int, upsell_id int, voucher_value_id int,
        quantity int, unit_price_cents int)
      join ord on ord.hash = l.order_hash
    ), held as (
      insert into holds (plot_id, order_id, quantity, expires_at)
      select h.plot_id, ord.id, h.quantity, ${expiresAt}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(holdRows)}::jsonb) as h(order_hash text, plot_id int, quantity int)
      join ord on ord.hash = h.order_hash
    )${bind ? sql`, bound as (${bindKeyWhenWritten(bind, payment.hash, sql.raw('pay'))})` : sql``}
    select (select id from pay) as payment_id, (select json_agg(json_build_object('id', ord.id, 'hash', ord.hash)) from ord) as orders
  `,
  );
  const [row] = rowsOf<{ payment_id: number | null; orders: { id: number; hash: string }[] | null }>(result);
  if (!row) throw new Error('checkout not inserted');
  if (row.payment_id === null) return null;
  const byHash = new Map((row.orders ?? []).map((order) => [order.hash, order]));
  return {
    paymentId: row.payment_id,
    orders: checkout.orders.map((order) => {
      const written = byHash.get(order.hash);
      if (!written) throw new Error('an order of the checkout was not inserted');
      return written;
    }),
  };
}

export async function setPaymentTransaction(
  db: Executor,
  paymentId: number,
  change: { type: PaymentType; transaction: Record<string, unknown>; providerReference: string | null; now: Date },
): Promise<void> {
  await db.execute(sql`
    update payments set type = ${change.type}, transaction = ${JSON.stringify(change.transaction)}::jsonb,
      provider_reference = ${change.providerReference}, updated_at = ${change.now.toISOString()}::timestamptz
    where id = ${paymentId}`);
}

export async function findOrderByHash(db: Executor, hash: string): Promise<OrderRecord | null> {
  const [row] = await db.select().from(orders).where(eq(orders.hash, hash)).limit(1);
  return row ?? null;
}

export async function findPaymentById(db: Executor, paymentId: number): Promise<PaymentRecord | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  return row ?? null;
}

export async function findPaymentByHash(db: Executor, hash: string): Promise<PaymentRecord | null> {
  const [row] = await db.select().from(payments).where(eq(payments.hash, hash)).limit(1);
  return row ?? null;
}

/** The payment row, locked for this transaction: settlement changes a payment once, whoever asks. */
export async function lockPaymentByHash(db: Executor, hash: string): Promise<PaymentRecord | null> {
  const [row] = await db.select().from(payments).where(eq(payments.hash, hash)).for('update').limit(1);
  return row ?? null;
}

/** The payment row locked for this transaction, with its orders in id order: one statement (a settlement's first). */
export async function lockPaymentWithOrders(db: Executor, hash: string): Promise<{ payment: PaymentRecord; orders: OrderRecord[] } | null> {
  const rows = await db
    .select({ payment: payments, order: orders })
    .from(payments)
    .leftJoin(orders, eq(orders.paymentId, payments.id))
    .where(eq(payments.hash, hash))
    .orderBy(asc(orders.id))
    .for('update', { of: payments });
  const [first] = rows;
  return first ? { payment: first.payment, orders: rows.flatMap((row) => (row.order ? [row.order] : [])) } : null;
}

export function ordersOfPayment(db: Executor, paymentId: number): Promise<OrderRecord[]> {
  return db.select().from(orders).where(eq(orders.paymentId, paymentId)).orderBy(asc(orders.id));
}

export function ordersByIds(db: Executor, orderIds: readonly number[]): Promise<OrderRecord[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(orders)
    .where(inArray(orders.id, [...orderIds]))
    .orderBy(asc(orders.id));
}

export async function setOrdersStatus(db: Executor, orderIds: readonly number[], status: OrderStatus, now: Date): Promise<void> {
  if (orderIds.length > 0)
    await db
      .update(orders)
      .set({ status, updatedAt: now })
      .where(inArray(orders.id, [...orderIds]));
}

/** A kept order's lines replaced by new ones (a reservation moved to another slot or quantity). */
export async function replaceOrderLines(db: Executor, orderId: number, lines: readonly NewOrderLine[]): Promise<void> {
  await db.delete(orderLines).where(eq(orderLines.orderId, orderId));
  const rows = lines.filter((line) => line.quantity > 0).map((line) => ({ ...line, orderId }));
  if (rows.length > 0) await db.insert(orderLines).values(rows);
}

/** A reservation's new prices (a change or a coupon removed), with what else changed on the order (slot, quantity). */
export async function writeOrderPrices(
  db: Executor,
  orderId: number,
  prices: Pick<OrderRecord, 'couponCodes' | 'productCents' | 'upsellCents' | 'discountCents' | 'additionsCents' | 'totalCents'>,
  now: Date,
  set: Partial<Pick<OrderRecord, 'plotId' | 'quantity'>> = {},
): Promise<void> {
  await db
    .update(orders)
    .set({ ...set, ...prices, updatedAt: now })
    .where(eq(orders.id, orderId));
}

/**
 * The checkout's payment asks for `differenceCents` more (or less). A gateway payment made for the old amount is not
 * offered again: paying resumes with a new one (payment-resume.service.ts).
 */
export async function changePaymentAmount(db: Executor, paymentId: number, differenceCents: number, now: Date): Promise<void> {
  await db.execute(sql`
    update payments set amount_cents = amount_cents + ${differenceCents}, transaction = null, updated_at = ${now.toISOString()}::timestamptz
    where id = ${paymentId}`);
}

/** When an unpaid payment (and the places its orders hold) lapses. */
export async function setPaymentExpiry(db: Executor, paymentId: number, lapses: Date): Promise<void> {
  await db.execute(sql`update payments set expires_at = ${lapses.toISOString()}::timestamptz where id = ${paymentId}`);
}

export async function setOrderCustomer(db: Executor, orderId: number, customer: Customer, now: Date): Promise<void> {
  await db.update(orders).set({ customer, updatedAt: now }).where(eq(orders.id, orderId));
}

/** An invoice order's invoice recorded as paid by a staff member (order-change.ts). */
export async function markInvoicePaid(db: Executor, orderId: number, now: Date): Promise<void> {
  await db.update(orders).set({ invoicePaidAt: now, updatedAt: now }).where(eq(orders.id, orderId));
}

export async function setPaymentStatus(db: Executor, paymentId: number, status: PaymentStatus, now: Date): Promise<void> {
  await db.update(payments).set({ status, updatedAt: now }).where(eq(payments.id, paymentId));
}

/** One entry of an order's history, as the one order change writes it (order-change.ts). */
export interface NewHistoryEntry {
  orderId: number;
  event: OrderEvent;
  actorKind: OrderActorKind;
  staffId: number | null;
  actorName: string | null;
  detail: OrderHistoryDetail;
}

/** The history entries of a change, in its transaction. */
export async function insertHistory(db: Executor, entries: readonly NewHistoryEntry[], now: Date): Promise<void> {
  if (entries.length > 0) await db.insert(orderHistory).values(entries.map((entry) => ({ ...entry, at: now })));
}

/** Money to give back, queued for the refund worker; once per key (a repeat inserts nothing). */
export async function queueRefund(
  db: Executor,
  refund: { paymentId: number; orderId: number | null; amountCents: number; reason: string; idempotencyKey: string; staffId: number | null },
): Promise<void> {
  await db.insert(paymentRefunds).values(refund).onConflictDoNothing();
}

/** A refund the provider made itself (its dashboard), recorded as done, once per provider reference. */
export async function recordProviderRefund(
  db: Executor,
  refund: { paymentId: number; orderId: number | null; amountCents: number; reason: string; idempotencyKey: string; providerReference: string },
  now: Date,
): Promise<boolean> {
  const written = await db
    .insert(paymentRefunds)
    .values({ ...refund, status: 'done', doneAt: now })
    .onConflictDoNothing()
    .returning({ id: paymentRefunds.id });
  return written.length > 0;
}

/**
 * A checkout's transition in one statement: the payment moved to `status` with its event recorded
 * (ignored when its key was recorded), its orders moved to `orderStatus`, answered as they are now,
 * in id order, and — when the event is new — each order's history entry (`history`), so the
 * settlement's hot path gains no round trip.
 */
export async function setCheckoutStatusAnswering(
  db: Executor,
  payment: Pick<PaymentRecord, 'id' | 'status'>,
  orderIds: readonly number[],
  change: {
    status: PaymentStatus;
    orderStatus: OrderStatus;
    event: { key: string; payload?: unknown };
    history: Omit<NewHistoryEntry, 'orderId'>;
  },
  now: Date,
): Promise<OrderRecord[]> {
  const { status, event, history } = change;
  const payload = event.payload === undefined || event.payload === null ? null : JSON.stringify(event.payload);
  const moved = db
    .$with('moved', { id: sql<number>`id` })
    .as(sql`update payments set status = ${status}, updated_at = ${now.toISOString()}::timestamptz where id = ${payment.id} returning id`);
  const recorded = db.$with('recorded', { id: sql<number>`id` }).as(
    sql`insert into payment_events (payment_id, event_key, from_status, to_status, payload)
      select id, ${event.key}, ${payment.status}, ${status}, ${payload}::jsonb from moved
      on conflict do nothing returning id`,
  );
  const told = db.$with('told', { id: sql<number>`id` }).as(
    sql`insert into order_history (order_id, event, actor_kind, staff_id, actor_name, detail, at)
      select o.id, ${history.event}, ${history.actorKind}, ${history.staffId}::int, ${history.actorName}::text,
        ${JSON.stringify(history.detail)}::jsonb || jsonb_build_object('product_id', o.product_id, 'from',
          (select jsonb_build_object('date', p.date, 'time', to_char(p.start_time, 'HH24:MI')) from plots p where p.id = o.plot_id)),
        ${now.toISOString()}::timestamptz
      from orders o where o.id = any(${`{${orderIds.join(',')}}`}::int[]) and exists (select 1 from recorded)
      returning id`,
  );
  const changed = await db
    .with(moved, recorded, told)
    .update(orders)
    .set({ status: change.orderStatus, updatedAt: now })
    .where(inArray(orders.id, [...orderIds]))
    .returning();
  return changed.sort((a, b) => a.id - b.id);
}

/** An order's history, oldest first. */
export function historyOfOrder(db: Executor, orderId: number) {
  return db.select().from(orderHistory).where(eq(orderHistory.orderId, orderId)).orderBy(asc(orderHistory.id));
}

/**
 * A moved booking's original is CANCELLED; a reservation's payment that asked for nothing else is cancelled with it
 * (not payable any more).
 */
export async function cancelMovedOrder(db: Executor, original: OrderRecord, now: Date): Promise<void> {
  await db.update(orders).set({ status: 'CANCELLED', updatedAt: now }).where(eq(orders.id, original.id));
  if (original.status === 'RESERVED' && original.paymentId !== null)
    await db.execute(sql`
      update payments set status = 'cancelled', updated_at = ${now.toISOString()}::timestamptz
      where id = ${original.paymentId} and status = 'pending'
        and not exists (select 1 from orders where payment_id = ${original.paymentId} and status = 'RESERVED')`);
}

/** The new order of a rebooking names the order it moves. */
export async function markRebookOf(db: Executor, newOrderId: number, originalOrderId: number): Promise<void> {
  await db.update(orders).set({ rebookOfOrderId: originalOrderId }).where(eq(orders.id, newOrderId));
}

/** The order that bought, renewed or redeemed a client's pass names it. */
export async function linkOrderToPass(db: Executor, orderId: number, clientSubscriptionId: number): Promise<void> {
  await db.update(orders).set({ clientSubscriptionId }).where(eq(orders.id, orderId));
}

/**
 * A client's orders when the client is erased: they stay for the shop's accounting (amounts, lines, payments) with
 * the customer's personal details blanked and no longer linked to anyone.
 */
export async function anonymiseOrdersOfClient(db: Executor, clientId: number): Promise<void> {
  await db
    .update(orders)
    .set({
      customer: sql`jsonb_build_object('first_name', '', 'last_name', '', 'email', '', 'company', null, 'vat_id', null, 'address', null, 'zipcode', null, 'city', null, 'fields', '{}'::jsonb)`,
      enrichment: null,
      invoiceDetails: null,
      clientId: null,
    })
    .where(eq(orders.clientId, clientId));
}
