/** Order queries: what a cart line refers to, writing a checkout's rows, and reading orders back. */
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  holds,
  orderLines,
  orders,
  payments,
  plotAudiencePrices,
  plots,
  type OrderCustomer,
  type OrderLineKind,
  type OrderStatus,
  type PaymentStatus,
  type PaymentType,
} from '../../db/schema/index.ts';

export type OrderRow = typeof orders.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

export interface CheckoutPlotRow {
  id: number;
  productId: number;
  date: string;
  startTime: string | null;
  endTime: string | null;
  capacity: number | null;
  /** sold + unexpired holds at `now`. */
  taken: number;
  priceCents: number | null;
  maxOrders: number | null;
  orderCount: number;
  audiencePrices: Record<number, number>;
}

/** One plot with the places taken at `now` and its audience price overrides. */
export async function findPlotForCheckout(db: Executor, plotId: number, now: Date): Promise<CheckoutPlotRow | null> {
  const [row] = await db
    .select({
      id: plots.id,
      productId: plots.productId,
      date: plots.date,
      startTime: plots.startTime,
      endTime: plots.endTime,
      capacity: plots.capacity,
      sold: plots.sold,
      held: sql<number>`(select coalesce(sum(${holds.quantity}), 0)::int from ${holds} where ${holds.plotId} = ${plots.id} and ${gt(holds.expiresAt, now)})`,
      priceCents: plots.priceCents,
      maxOrders: plots.maxOrders,
      orderCount: plots.orderCount,
    })
    .from(plots)
    .where(eq(plots.id, plotId))
    .limit(1);
  if (!row) return null;
  const overrides = await db
    .select({ audienceId: plotAudiencePrices.audienceId, cents: plotAudiencePrices.priceCents })
    .from(plotAudiencePrices)
    .where(eq(plotAudiencePrices.plotId, plotId));
  const { sold, held, ...plot } = row;
  return { ...plot, taken: sold + Number(held), audiencePrices: Object.fromEntries(overrides.map((entry) => [entry.audienceId, entry.cents])) };
}

export async function insertPayment(
  db: Executor,
  row: { hash: string; gateway: string; type: PaymentType; status: PaymentStatus; amountCents: number; currency: string; expiresAt: Date | null },
): Promise<PaymentRow> {
  const [inserted] = await db.insert(payments).values(row).returning();
  if (!inserted) throw new Error('payment not inserted');
  return inserted;
}

export async function setPaymentTransaction(
  db: Executor,
  paymentId: number,
  change: { type: PaymentType; transaction: Record<string, unknown>; providerReference: string | null; now: Date },
): Promise<void> {
  await db
    .update(payments)
    .set({ type: change.type, transaction: change.transaction, providerReference: change.providerReference, updatedAt: change.now })
    .where(eq(payments.id, paymentId));
}

export interface NewOrder {
  hash: string;
  status: OrderStatus;
  paymentId: number;
  clientId: number | null;
  customer: OrderCustomer;
  language: OrderRow['language'];
  productId: number;
  plotId: number | null;
  quantity: number;
  couponCodes: string[];
  productCents: number;
  upsellCents: number;
  discountCents: number;
  additionsCents: number;
  totalCents: number;
  currency: string;
  enrichment: Record<string, unknown> | null;
}

export async function insertOrder(db: Executor, order: NewOrder): Promise<OrderRow> {
  const [inserted] = await db
    .insert(orders)
    .values({ ...order, kind: 'PRODUCT' })
    .returning();
  if (!inserted) throw new Error('order not inserted');
  return inserted;
}

export interface NewOrderLine {
  kind: OrderLineKind;
  audienceId?: number | null;
  upsellId?: number | null;
  quantity: number;
  unitPriceCents: number;
}

export async function insertOrderLines(db: Executor, orderId: number, lines: readonly NewOrderLine[]): Promise<void> {
  const rows = lines.filter((line) => line.quantity > 0).map((line) => ({ ...line, orderId }));
  if (rows.length > 0) await db.insert(orderLines).values(rows);
}

export async function findOrderByHash(db: Executor, hash: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.hash, hash)).limit(1);
  return row ?? null;
}

export async function findPaymentById(db: Executor, paymentId: number): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  return row ?? null;
}

export function ordersOfPayment(db: Executor, paymentId: number): Promise<OrderRow[]> {
  return db.select().from(orders).where(eq(orders.paymentId, paymentId)).orderBy(asc(orders.id));
}

export function linesOfOrder(db: Executor, orderId: number) {
  return db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
}

export async function setOrdersStatus(db: Executor, orderIds: readonly number[], status: OrderStatus, now: Date): Promise<void> {
  if (orderIds.length > 0) await db.update(orders).set({ status, updatedAt: now }).where(inArray(orders.id, [...orderIds]));
}

export async function findHoldExpiry(db: Executor, orderId: number): Promise<Date | null> {
  const [row] = await db.select({ expiresAt: holds.expiresAt }).from(holds).where(and(eq(holds.orderId, orderId))).limit(1);
  return row?.expiresAt ?? null;
}
