/**
 * E-tickets: issued (one per admission) in the transaction that makes an order PAID, shown with
 * their QR codes on the paid order's page, and checked in once at the gate: the first scan of a
 * genuine code of a paid order, for today and for the gate's products, marks it used in ONE
 * conditional UPDATE (so two gates scanning the same code at once admit one), every later scan
 * answers already_used; a ticket for another day or product answers wrong_day / wrong_product and
 * stays unused; anything else unknown.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { PaidOrder, TicketVerifyResponse } from '../../../src/domain/contracts/paid-order.schema.ts';
import type { Language } from '../../../src/domain/languages.ts';
import { toAmount } from '../../../src/domain/money.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Executor } from '../../db/client.ts';
import { orders, plots, products, tickets, type OrderRecord } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { textsIn, readingFor, toClockTime } from '../catalogue/index.ts';
import { findOrganisation, loadShopLocale } from '../organisation/index.ts';
import { findLinesWithNames } from '../reservations/index.ts';
import { assertRebookable } from '../checkout/index.ts';
import { shopMoment } from '../../shop-time.ts';
import { newNonce, readTicketCode, signTicket, type TicketKeys } from './ticket-code.ts';

/** The tickets of these orders that are PAID, issued once (a repeated call adds none). */
export async function issueTickets(db: Executor, paid: readonly OrderRecord[]): Promise<void> {
  const rows = paid
    .filter((order) => order.status === 'PAID' && order.kind === 'PRODUCT')
    .flatMap((order) => Array.from({ length: order.quantity }, (_, index) => ({ orderId: order.id, position: index + 1, nonce: newNonce() })));
  if (rows.length > 0) await db.insert(tickets).values(rows).onConflictDoNothing();
}

/**
 * The box office refunded these tickets of an order (null: every one still valid): they no longer
 * check in. Answers the positions marked now.
 */
export async function refundTickets(db: Executor, orderId: number, positions: readonly number[] | null, now: Date): Promise<number[]> {
  if (positions !== null && positions.length === 0) return [];
  const marked = await db
    .update(tickets)
    .set({ refundedAt: now })
    .where(and(eq(tickets.orderId, orderId), isNull(tickets.refundedAt), ...(positions === null ? [] : [inArray(tickets.position, [...positions])])))
    .returning({ position: tickets.position });
  return marked.map((row) => row.position).sort((a, b) => a - b);
}

/** The positions of an order's tickets that are not refunded. */
export async function validTicketPositions(db: Executor, orderId: number): Promise<number[]> {
  const rows = await db
    .select({ position: tickets.position })
    .from(tickets)
    .where(and(eq(tickets.orderId, orderId), isNull(tickets.refundedAt)))
    .orderBy(asc(tickets.position));
  return rows.map((row) => row.position);
}

/** The signed codes of these orders' tickets, in order: what the confirmation mail carries. */
export async function ticketCodesOf(db: Executor, keys: Pick<TicketKeys, 'privateKey'>, orderIds: readonly number[]): Promise<string[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select()
    .from(tickets)
    .where(inArray(tickets.orderId, [...orderIds]))
    .orderBy(asc(tickets.orderId), asc(tickets.position));
  return rows.map((row) => signTicket(keys, row));
}

/** QR drawings kept per process (a few kB each): the oldest is dropped beyond this. */
const MAX_KEPT_QR = 2000;
const keptQr = new Map<string, Promise<string>>();

/**
 * A code's QR code as SVG. The drawing depends on the code alone (the code itself is a signature
 * that never changes for a ticket), so a paid order's page drawn again (a reload, the page kept
 * open) reuses it instead of drawing every ticket's QR code per request.
 */
export function qrSvg(code: string): Promise<string> {
  const kept = keptQr.get(code);
  if (kept) return kept;
  const drawn = QRCode.toString(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  keptQr.set(code, drawn);
  drawn.catch(() => keptQr.delete(code));
  if (keptQr.size > MAX_KEPT_QR) keptQr.delete(keptQr.keys().next().value as string);
  return drawn;
}

export function createTicketService({ db, clock, keys }: { db: Database; clock: Clock; keys: TicketKeys }) {
  async function ticketsOf(orderId: number) {
    const rows = await db.select().from(tickets).where(eq(tickets.orderId, orderId)).orderBy(asc(tickets.position));
    return Promise.all(
      rows.map(async (row) => {
        const code = signTicket(keys, row);
        return { position: row.position, code, qr_svg: await qrSvg(code) };
      }),
    );
  }

  return {
    /** The signed codes of a paid order's tickets (the confirmation mail attaches them). */
    ticketsOf,

    async paidOrder(hash: string, requested: Language | null): Promise<PaidOrder> {
      const [found] = await db
        .select({ order: orders, product: products, plot: plots })
        .from(orders)
        .innerJoin(products, eq(products.id, orders.productId))
        .leftJoin(plots, eq(plots.id, orders.plotId))
        .where(and(eq(orders.hash, hash), eq(orders.status, 'PAID')))
        .limit(1);
      if (!found) throw notFound('No such paid order');
      const { order, product, plot } = found;
      const [lines, locale, organisation, issued] = await Promise.all([
        findLinesWithNames(db, order.id),
        loadShopLocale(db),
        findOrganisation(db),
        ticketsOf(order.id),
      ]);
      const reading = readingFor(requested ?? order.language, locale);
      const rebookable = await assertRebookable(db, order, clock.now()).then(
        () => true,
        () => false,
      );
      return {
        hash: order.hash,
        order_number: order.number,
        status: 'PAID',
        product: { id: product.id, title: textsIn(product.texts, reading).title ?? '' },
        plot: plot ? { date: plot.date, time: { start: toClockTime(plot.startTime), end: toClockTime(plot.endTime) } } : null,
        timezone: organisation?.timezone ?? 'Europe/Amsterdam',
        quantity: order.quantity,
        lines: lines.map(({ line, audienceTexts, upsellTexts }) => ({
          name:
            (audienceTexts
              ? textsIn(audienceTexts, reading).name
              : upsellTexts
                ? textsIn(upsellTexts, reading).title
                : textsIn(product.texts, reading).title) ?? '',
          quantity: line.quantity,
          price: toAmount(line.unitPriceCents),
        })),
        customer: order.customer,
        currency: order.currency,
        subtotal: toAmount(order.productCents + order.upsellCents),
        discount: toAmount(order.discountCents),
        fee: toAmount(order.additionsCents),
        total: toAmount(order.totalCents),
        tickets: issued,
        rebooking_secret: rebookable && organisation?.rebookingAllowed ? (organisation.rebookingSecret ?? null) : null,
      };
    },

    /**
     * A gate's scan. Only a genuine ticket of a paid order, for today (the shop's date) and, when the
     * gate names its products, for one of them, is checked in; a ticket for another day or product is
     * said to be so and stays unused.
     */
    async verify(code: string, gateProducts?: readonly number[]): Promise<TicketVerifyResponse> {
      const read = readTicketCode(keys.publicKey, code);
      const unknown: TicketVerifyResponse = { result: 'unknown', used_at: null, ticket: null };
      if (!read) return unknown;
      const now = clock.now();
      const found = async () => {
        const [row] = await db
          .select({ ticket: tickets, order: orders, productId: products.id, texts: products.texts, date: plots.date })
          .from(tickets)
          .innerJoin(orders, eq(orders.id, tickets.orderId))
          .innerJoin(products, eq(products.id, orders.productId))
          .leftJoin(plots, eq(plots.id, orders.plotId))
          // A refunded ticket (the box office gave its money back) is not a ticket any more.
          .where(and(eq(tickets.id, read.id), eq(tickets.nonce, read.nonce), isNull(tickets.refundedAt), sql`${orders.status} = 'PAID'`))
          .limit(1);
        return row;
      };
      const before = await found();
      if (!before) return unknown;
      const [locale, organisation] = await Promise.all([loadShopLocale(db), findOrganisation(db)]);
      const answer = (result: TicketVerifyResponse['result'], row: NonNullable<typeof before>): TicketVerifyResponse => ({
        result,
        used_at: row.ticket.usedAt ? row.ticket.usedAt.toISOString() : null,
        ticket: {
          order_number: row.order.number,
          position: row.ticket.position,
          of: row.order.quantity,
          product_id: row.productId,
          title: textsIn(row.texts, readingFor(row.order.language, locale)).title ?? '',
          date: row.date,
        },
      });
      if (gateProducts && !gateProducts.includes(before.productId)) return answer('wrong_product', before);
      const today = shopMoment(now, organisation?.timezone ?? 'Europe/Amsterdam').date;
      if (before.date !== null && before.date !== today) return answer('wrong_day', before);
      // The check-in: one conditional UPDATE, only for a ticket of an order that is paid now.
      const checkedIn = await db
        .update(tickets)
        .set({ usedAt: now })
        .where(
          and(
            eq(tickets.id, read.id),
            eq(tickets.nonce, read.nonce),
            isNull(tickets.usedAt),
            isNull(tickets.refundedAt),
            inArray(tickets.orderId, db.select({ id: orders.id }).from(orders).where(eq(orders.status, 'PAID'))),
          ),
        )
        .returning({ id: tickets.id });
      const after = await found();
      if (!after) return unknown;
      return answer(checkedIn.length === 1 ? 'valid' : 'already_used', after);
    },
  };
}

export type TicketService = ReturnType<typeof createTicketService>;
