/**
 * The orders desk's reads (issue 21 item 1): the search page (order-search.ts) and an order's page —
 * its lines, customer, payment and refunds, the mails sent to its address since it was made, its
 * e-tickets with their check-ins, and a timeline: the order's history (the one order change's entries,
 * server/modules/checkout/order-change.ts) with the provider's refunds, the mails and the check-ins.
 */
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { DeskOrder, OrderSearchPage, OrderSearchQuery } from '#domain/contracts/backoffice-orders.schema.ts';
import { toAmount } from '#domain/money.ts';
import type { Database } from '../../db/client.ts';
import { orders, outbox, paymentRefunds, payments, plots, products, tickets } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { readingFor, textsIn, toClockTime } from '../catalogue/index.ts';
import { readOrderHistory, refundableCents } from '../checkout/index.ts';
import { loadShopLocale } from '../organisation/index.ts';
import { findLinesWithNames } from '../reservations/index.ts';
import { searchOrders } from './order-search.ts';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const MAILS_SHOWN = 30;

/** The first name a line has: its audience's or upsell's, else its product's (a plain ticket), else its kind. */
const lineName = (own: string | null | undefined, product: string | null | undefined, kind: string): string => own ?? product ?? kind;

export function createOrderDeskService({ db }: { db: Database }) {
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
      const [lines, refunds, ticketRows, history, mails] = await Promise.all([
        findLinesWithNames(db, order.id),
        payment ? db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id)).orderBy(asc(paymentRefunds.id)) : [],
        db.select().from(tickets).where(eq(tickets.orderId, order.id)).orderBy(asc(tickets.position)),
        readOrderHistory(db, order, readingFor(null, locale), 'staff'),
        order.customer.email
          ? db
              .select({ kind: outbox.kind, subject: outbox.subject, createdAt: outbox.createdAt, sentAt: outbox.sentAt })
              .from(outbox)
              .where(and(sql`lower(${outbox.recipient}) = ${order.customer.email.toLowerCase()}`, gte(outbox.createdAt, order.createdAt)))
              .orderBy(desc(outbox.id))
              .limit(MAILS_SHOWN)
          : [],
      ]);
      const refunded = {
        payment: refunds.filter((row) => row.status !== 'failed').reduce((sum, row) => sum + row.amountCents, 0),
        order: refunds.filter((row) => row.status !== 'failed' && row.orderId === order.id).reduce((sum, row) => sum + row.amountCents, 0),
      };
      const timeline: DeskOrder['timeline'] = [
        ...history.map((change) => ({ kind: 'change' as const, at: change.at, change })),
        // When the provider carried out (or gave up on) a refund the history recorded as asked.
        ...refunds
          .filter((row) => (row.orderId === null || row.orderId === order.id) && row.status !== 'due')
          .map((row) => ({
            kind: 'refund' as const,
            at: (row.doneAt ?? row.createdAt).toISOString(),
            status: row.status === 'done' ? ('done' as const) : ('failed' as const),
            amount: toAmount(row.amountCents),
          })),
        ...mails.map((mail) => ({ kind: 'mail' as const, at: mail.createdAt.toISOString(), subject: mail.subject, sent: mail.sentAt !== null })),
        ...ticketRows
          .filter((row) => row.usedAt !== null)
          .map((row) => ({ kind: 'check-in' as const, at: (row.usedAt as Date).toISOString(), position: row.position })),
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
          // A line without an audience or upsell is the product's ticket: named by the product (issue 38 item 1).
          name: lineName(
            audienceTexts ? textsIn(audienceTexts, reading).name : upsellTexts ? textsIn(upsellTexts, reading).title : undefined,
            line.kind === 'TICKET' && product ? textsIn(product.texts, reading).title : undefined,
            line.kind,
          ),
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
