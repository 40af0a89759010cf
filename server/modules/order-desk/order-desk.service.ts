/**
 * The orders desk's reads (issue 21 item 1): the search page (order-search.ts) and an order's page —
 * its lines, customer, payment and refunds, the mails sent to its address since it was made, its
 * e-tickets with their check-ins, and a timeline of all of it with the staff's audited actions.
 * The actions themselves are the checkout core's (server/modules/checkout/staff-desk.ts).
 */
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { DeskOrder, OrderSearchPage, OrderSearchQuery } from '#domain/contracts/backoffice-orders.schema.ts';
import { toAmount } from '#domain/money.ts';
import type { Database } from '../../db/client.ts';
import { orders, outbox, paymentEvents, paymentRefunds, payments, plots, products, staffAccounts, staffAuditLog, tickets } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { readingFor, textsIn, toClockTime } from '../catalogue/index.ts';
import { refundableCents } from '../checkout/index.ts';
import { loadShopLocale } from '../organisation/index.ts';
import { findLinesWithNames } from '../reservations/index.ts';
import { searchOrders } from './order-search.ts';

/** The staff's audited actions on an order (the staff module's audit log: entity `order`, its number). */
export async function orderAudits(db: Database, orderNumber: number): Promise<{ at: Date; action: string; staff: string; after: unknown }[]> {
  const rows = await db
    .select({ at: staffAuditLog.at, action: staffAuditLog.action, staff: staffAccounts.name, after: staffAuditLog.after })
    .from(staffAuditLog)
    .leftJoin(staffAccounts, eq(staffAccounts.id, staffAuditLog.staffId))
    .where(and(eq(staffAuditLog.entity, 'order'), eq(staffAuditLog.entityId, String(orderNumber))))
    .orderBy(asc(staffAuditLog.at))
    .limit(200);
  return rows.map((row) => ({ ...row, staff: row.staff ?? '' }));
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const MAILS_SHOWN = 30;

export function createOrderDeskService({ db, audits = orderAudits }: { db: Database; audits?: typeof orderAudits }) {
  return {
    async search(query: OrderSearchQuery): Promise<OrderSearchPage> {
      const [found, locale] = await Promise.all([
        searchOrders(db, {
          q: query.q ?? null,
          status: query.status,
          payment: query.payment ?? null,
          productId: query.product ?? null,
          dateFrom: query.date_from ?? null,
          dateTo: query.date_to ?? null,
          before: query.before ?? null,
          limit: query.limit,
        }),
        loadShopLocale(db),
      ]);
      const reading = readingFor(null, locale);
      return {
        orders: found.rows.map((row) => ({
          id: row.id,
          number: row.number,
          hash: row.hash,
          kind: row.kind,
          status: row.status,
          payment_status: row.payment_status,
          gateway: row.gateway,
          created_at: iso(row.created_at) as string,
          name: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(),
          email: row.email ?? '',
          product: row.product_texts ? (textsIn(row.product_texts, reading).title ?? null) : null,
          date: row.plot_date,
          time: row.start_time ? toClockTime(row.start_time) : null,
          quantity: row.quantity,
          total: toAmount(row.total_cents),
          currency: row.currency,
          invoice: row.invoice,
        })),
        next_before: found.more ? (found.rows.at(-1)?.id ?? null) : null,
      };
    },

    /** What the desk's forms need of an order (its product, slot and language): one small read, not the whole page. */
    async booking(number: number): Promise<{ productId: number | null; plotId: number | null; language: string }> {
      const [found] = await db
        .select({ productId: orders.productId, plotId: orders.plotId, language: orders.language })
        .from(orders)
        .where(eq(orders.number, number))
        .limit(1);
      if (!found) throw notFound('No such order');
      return found;
    },

    async order(number: number): Promise<DeskOrder> {
      const [found] = await db
        .select({ order: orders, payment: payments, product: products, plot: plots })
        .from(orders)
        .leftJoin(payments, eq(payments.id, orders.paymentId))
        .leftJoin(products, eq(products.id, orders.productId))
        .leftJoin(plots, eq(plots.id, orders.plotId))
        .where(eq(orders.number, number))
        .limit(1);
      if (!found) throw notFound('No such order');
      const { order, payment, product, plot } = found;
      const locale = await loadShopLocale(db);
      const reading = readingFor(order.language, locale);
      const [lines, refunds, ticketRows, events, mails, audited] = await Promise.all([
        findLinesWithNames(db, order.id),
        payment ? db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id)).orderBy(asc(paymentRefunds.id)) : [],
        db.select().from(tickets).where(eq(tickets.orderId, order.id)).orderBy(asc(tickets.position)),
        payment ? db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, payment.id)).orderBy(asc(paymentEvents.id)) : [],
        order.customer.email
          ? db
              .select({ kind: outbox.kind, subject: outbox.subject, createdAt: outbox.createdAt, sentAt: outbox.sentAt })
              .from(outbox)
              .where(and(sql`lower(${outbox.recipient}) = ${order.customer.email.toLowerCase()}`, gte(outbox.createdAt, order.createdAt)))
              .orderBy(desc(outbox.id))
              .limit(MAILS_SHOWN)
          : [],
        audits(db, order.number),
      ]);
      const refunded = {
        payment: refunds.filter((row) => row.status !== 'failed').reduce((sum, row) => sum + row.amountCents, 0),
        order: refunds.filter((row) => row.status !== 'failed' && row.orderId === order.id).reduce((sum, row) => sum + row.amountCents, 0),
      };
      const timeline: DeskOrder['timeline'] = [
        { at: order.createdAt.toISOString(), kind: 'created' as const, what: 'order.created', detail: { kind: order.kind } },
        ...events.map((event) => ({
          at: event.createdAt.toISOString(),
          kind: 'payment' as const,
          what: `${event.fromStatus} → ${event.toStatus}`,
          detail: { event: event.eventKey },
        })),
        ...refunds
          .filter((row) => row.orderId === null || row.orderId === order.id)
          .map((row) => ({
            at: (row.doneAt ?? row.createdAt).toISOString(),
            kind: 'refund' as const,
            what: `refund.${row.status}`,
            detail: { amount: toAmount(row.amountCents), reference: row.providerReference },
          })),
        ...mails.map((mail) => ({ at: mail.createdAt.toISOString(), kind: 'mail' as const, what: mail.kind, detail: { sent: iso(mail.sentAt) } })),
        ...ticketRows
          .filter((row) => row.usedAt !== null)
          .map((row) => ({ at: (row.usedAt as Date).toISOString(), kind: 'check-in' as const, what: 'ticket.checked_in', detail: { position: row.position } })),
        ...audited.map((entry) => ({
          at: entry.at.toISOString(),
          kind: 'staff' as const,
          what: entry.action,
          detail: { staff: entry.staff, after: entry.after },
        })),
      ].sort((a, b) => a.at.localeCompare(b.at));
      return {
        id: order.id,
        number: order.number,
        hash: order.hash,
        kind: order.kind,
        status: order.status,
        language: order.language,
        created_at: order.createdAt.toISOString(),
        customer: {
          first_name: order.customer.first_name,
          last_name: order.customer.last_name,
          email: order.customer.email,
          company: order.customer.company ?? null,
          vat_id: order.customer.vat_id ?? null,
          address: order.customer.address ?? null,
          zipcode: order.customer.zipcode ?? null,
          city: order.customer.city ?? null,
          fields: order.customer.fields ?? {},
        },
        product: product ? { id: product.id, title: textsIn(product.texts, reading).title ?? '' } : null,
        plot: plot ? { id: plot.id, date: plot.date, start: plot.startTime ? toClockTime(plot.startTime) : null } : null,
        quantity: order.quantity,
        lines: lines.map(({ line, audienceTexts, upsellTexts }) => ({
          kind: line.kind,
          name: (audienceTexts ? textsIn(audienceTexts, reading).name : upsellTexts ? textsIn(upsellTexts, reading).title : null) ?? line.kind,
          quantity: line.quantity,
          price: toAmount(line.unitPriceCents),
        })),
        coupon_codes: order.couponCodes,
        subtotal: toAmount(order.productCents + order.upsellCents),
        discount: toAmount(order.discountCents),
        fee: toAmount(order.additionsCents),
        total: toAmount(order.totalCents),
        currency: order.currency,
        invoice: order.invoice,
        invoice_paid_at: iso(order.invoicePaidAt),
        payment: payment
          ? {
              hash: payment.hash,
              gateway: payment.gateway,
              status: payment.status,
              amount: toAmount(payment.amountCents),
              provider_reference: payment.providerReference,
            }
          : null,
        refunds: refunds.map((row) => ({
          amount: toAmount(row.amountCents),
          status: row.status,
          reason: row.reason,
          provider_reference: row.providerReference,
          this_order: row.orderId === order.id,
          created_at: row.createdAt.toISOString(),
          done_at: iso(row.doneAt),
        })),
        refundable: toAmount(order.status === 'PAID' && payment ? refundableCents(payment, order, refunded) : 0),
        tickets: ticketRows.map((row) => ({ position: row.position, used_at: iso(row.usedAt), refunded_at: iso(row.refundedAt) })),
        mails: mails.map((mail) => ({ kind: mail.kind, subject: mail.subject, created_at: mail.createdAt.toISOString(), sent_at: iso(mail.sentAt) })),
        timeline,
      };
    },
  };
}

export type OrderDeskService = ReturnType<typeof createOrderDeskService>;
