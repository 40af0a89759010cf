/** The rows of a voucher checkout: its payment, order and value lines, and the stock of voucher values. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Customer } from '../../../src/domain/customer.ts';
import type { Language } from '../../../src/domain/languages.ts';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { orderLines, orders, payments, type PaymentType } from '../../db/schema/index.ts';

export interface NewVoucherCheckout {
  payment: {
    hash: string;
    gateway: string;
    amountCents: number;
    currency: string;
    expiresAt: Date | null;
    created: { type: PaymentType; transaction: Record<string, unknown>; providerReference: string | null } | null;
  };
  order: {
    hash: string;
    voucherId: number;
    clientId: number | null;
    customer: Customer;
    language: Language;
    quantity: number;
    subtotalCents: number;
    additionsCents: number;
    totalCents: number;
    enrichment: Record<string, unknown> | null;
  };
  lines: { valueId: number; quantity: number; unitPriceCents: number }[];
}

export async function insertVoucherCheckout(db: Executor, checkout: NewVoucherCheckout): Promise<{ paymentId: number; orderId: number }> {
  const { payment, order } = checkout;
  const [paid] = await db
    .insert(payments)
    .values({
      hash: payment.hash,
      gateway: payment.gateway,
      type: payment.created?.type ?? 'REDIRECT',
      status: 'pending',
      amountCents: payment.amountCents,
      currency: payment.currency,
      expiresAt: payment.expiresAt,
      transaction: payment.created?.transaction ?? null,
      providerReference: payment.created?.providerReference ?? null,
    })
    .returning({ id: payments.id });
  if (!paid) throw new Error('voucher payment not inserted');
  const [written] = await db
    .insert(orders)
    .values({
      hash: order.hash,
      kind: 'VOUCHER',
      status: 'PENDING',
      paymentId: paid.id,
      clientId: order.clientId,
      customer: order.customer,
      language: order.language,
      voucherId: order.voucherId,
      quantity: order.quantity,
      productCents: order.subtotalCents,
      additionsCents: order.additionsCents,
      totalCents: order.totalCents,
      currency: payment.currency,
      enrichment: order.enrichment,
    })
    .returning({ id: orders.id });
  if (!written) throw new Error('voucher order not inserted');
  await db.insert(orderLines).values(
    checkout.lines.map((line) => ({
      orderId: written.id,
      kind: 'VOUCHER_VALUE' as const,
      voucherValueId: line.valueId,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
    })),
  );
  return { paymentId: paid.id, orderId: written.id };
}

/** Takes `quantity` of a value's stock when it is there (one conditional UPDATE); true when taken. */
export async function takeVoucherStock(db: Executor, valueId: number, quantity: number): Promise<boolean> {
  const rows = await db.execute(sql`
    update voucher_values set availability = availability - ${quantity}
    where id = ${valueId} and (availability is null or availability >= ${quantity})
    returning id`);
  return rowsOf(rows).length > 0;
}

export async function giveBackVoucherStock(db: Executor, valueId: number, quantity: number): Promise<void> {
  await db.execute(sql`update voucher_values set availability = availability + ${quantity} where id = ${valueId} and availability is not null`);
}

/** The voucher-value lines of these orders, in id order. */
export function voucherLinesOf(db: Executor, orderIds: readonly number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: orderLines.id,
      orderId: orderLines.orderId,
      valueId: orderLines.voucherValueId,
      quantity: orderLines.quantity,
      unitPriceCents: orderLines.unitPriceCents,
    })
    .from(orderLines)
    .where(and(inArray(orderLines.orderId, [...orderIds]), eq(orderLines.kind, 'VOUCHER_VALUE')))
    .orderBy(orderLines.id);
}
