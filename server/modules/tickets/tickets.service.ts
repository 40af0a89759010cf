/**
 * E-tickets: issued (one per admission) in the transaction that makes an order PAID, shown with
 * their QR codes on the paid order's page, and checked in once at the gate: the first scan of a
 * genuine code of a paid order, for today and for the gate's products, marks it used in ONE
 * conditional UPDATE (so two gates scanning the same code at once admit one), every later scan
 * answers already_used; a ticket for another day or product answers wrong_day / wrong_product and
 * stays unused; anything else unknown.
 */
import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type QRCodeModule from 'qrcode';
import { lazyModule } from '../../lazy-module.ts';
import type { PaidOrder, TicketVerifyResponse } from '#domain/contracts/paid-order.schema.ts';
import type { GateDay, GateDayTicket, GateScan } from '#domain/contracts/gate.schema.ts';
import type { Language } from '#domain/languages.ts';
import { toAmount } from '#domain/money.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Executor } from '../../db/client.ts';
import { audiences, orderLines, orders, organisations, plots, products, tickets, type OrderRecord } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { textsIn, readingFor, toClockTime } from '../catalogue/index.ts';
import { findOrganisation, loadShopLocale } from '../organisation/index.ts';
import { findLinesWithNames } from '../reservations/index.ts';
import { assertRebookable } from '../checkout/index.ts';
import { shopMoment } from '../../shop-time.ts';
import { newNonce, readTicketCode, signTicket, type TicketKeys } from './ticket-code.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { yieldTurn } from '../../db/heavy-reads.ts';

const qrcode = lazyModule<typeof QRCodeModule>('qrcode');

/**
 * The tickets of the PAID ones of `orders` (one per admission of a product order), issued once (a
 * repeated call adds none), and the signed codes of all of them in order: what the confirmation
 * mail carries. ONE statement, as it runs in the transaction that makes the orders paid, where each
 * round trip keeps a pooled connection: its read sees the tickets issued before it, its insert's
 * answer the ones it issues.
 */
export async function issueTicketCodes(db: Executor, keys: Pick<TicketKeys, 'privateKey'>, orders: readonly OrderRecord[]): Promise<string[]> {
  const paidIds = orders.filter((order) => order.status === 'PAID').map((order) => order.id);
  if (paidIds.length === 0) return [];
  const rows = orders
    .filter((order) => order.status === 'PAID' && order.kind === 'PRODUCT')
    .flatMap((order) => Array.from({ length: order.quantity }, (_, index) => ({ orderId: order.id, position: index + 1, nonce: newNonce() })));
  // Ids, positions and base64url nonces: array literals with nothing to quote.
  const list = (values: readonly (number | string)[]) => `{${values.join(',')}}`;
  const result = await db.execute(sql`
    with issued as (
      insert into tickets (order_id, position, nonce)
      select * from unnest(${list(rows.map((row) => row.orderId))}::int[], ${list(rows.map((row) => row.position))}::int[], ${list(rows.map((row) => row.nonce))}::text[])
      on conflict do nothing
      returning id, order_id, position, nonce)
    select id, order_id, position, nonce from issued
    union all
    select id, order_id, position, nonce from tickets where order_id = any(${list(paidIds)}::int[])
    order by order_id, position`);
  return rowsOf<{ id: number; nonce: string }>(result).map((row) => signTicket(keys, row));
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
  const drawn = qrcode().toString(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  keptQr.set(code, drawn);
  drawn.catch(() => keptQr.delete(code));
  if (keptQr.size > MAX_KEPT_QR) keptQr.delete(keptQr.keys().next().value as string);
  return drawn;
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

export function createTicketService({
  db,
  clock,
  keys,
  wallets,
  syncChunk = 25,
}: {
  db: Database;
  clock: Clock;
  keys: TicketKeys;
  /** Which wallet passes the shop offers (ticket-documents.service.ts). */
  wallets: { apple: boolean; google: boolean };
  /** Scans per transaction in an offline scanner's sync (GATE_SYNC_CHUNK). */
  syncChunk?: number;
}) {
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
        wallets,
      };
    },

    /**
     * The machines' scan (bearer-token route): the one check-in below, answering as this route always
     * did (a ticket of an order that is not paid any more is `unknown` here).
     */
    async verify(code: string, gateProducts?: readonly number[]): Promise<TicketVerifyResponse> {
      const read = readTicketCode(keys.publicKey, code);
      if (!read) return { result: 'unknown', used_at: null, ticket: null };
      const outcome = await checkIn(read, { gateProducts, where: 'token', staffId: null });
      if (outcome.result === 'refunded') return { result: 'unknown', used_at: null, ticket: null };
      // The machines' answer has no visitor name nor audience (its contract is unchanged).
      const ticket = outcome.ticket ? (({ name: _name, audience: _audience, ...rest }) => rest)(outcome.ticket) : null;
      return { result: outcome.result, used_at: outcome.used_at, ticket };
    },

    /**
     * A person's scan at the gate (back office): the code is verified (Ed25519) and checked in once.
     * `scannedAt` is when an offline scanner read it (synced later); the earliest scan wins.
     */
    async scan(code: string, by: CheckInBy): Promise<GateScan> {
      const read = readTicketCode(keys.publicKey, code);
      if (!read) return { result: 'unknown', used_at: null, used_where: null, ticket: null };
      return checkIn(read, by);
    },

    /**
     * An offline scanner's queued scans, in scan order (the earliest of two scans of one ticket is the one
     * admitted), each through the one check-in. `syncChunk` scans per transaction (GATE_SYNC_CHUNK), and
     * the event loop's turn between two chunks (server/db/heavy-reads.ts): a sync of 500 scans never
     * holds PGlite's one connection, or the process, for its whole run.
     */
    async syncScans(scans: ReadonlyArray<{ code: string; scanned_at: string }>, by: CheckInBy): Promise<GateScan[]> {
      const ordered = [...scans].sort((a, b) => Date.parse(a.scanned_at) - Date.parse(b.scanned_at));
      const results: GateScan[] = [];
      for (let start = 0; start < ordered.length; start += syncChunk) {
        await yieldTurn();
        const chunk = ordered.slice(start, start + syncChunk);
        results.push(
          ...(await db.transaction(async (tx) => {
            const answers: GateScan[] = [];
            for (const scan of chunk) {
              const read = readTicketCode(keys.publicKey, scan.code);
              answers.push(
                read
                  ? await checkIn(read, { ...by, scannedAt: new Date(scan.scanned_at) }, tx)
                  : { result: 'unknown', used_at: null, used_where: null, ticket: null },
              );
            }
            return answers;
          })),
        );
      }
      return results;
    },

    /** Manual check-in of a ticket found by order number or code (no code at hand to scan). */
    async checkInTicket(ticketId: number, by: CheckInBy): Promise<GateScan> {
      const [row] = await db.select({ id: tickets.id, nonce: tickets.nonce }).from(tickets).where(eq(tickets.id, ticketId)).limit(1);
      if (!row) return { result: 'unknown', used_at: null, used_where: null, ticket: null };
      return checkIn(row, by);
    },

    /**
     * The tickets of a day's paid (and refunded/cancelled) orders: what an offline scanner keeps. For
     * a gate account (`names: 'none'`) without names: a gate keeps no list of who comes when.
     */
    async gateDay(date: string | undefined, names: GateNames = 'full'): Promise<GateDay> {
      const organisation = await findOrganisation(db);
      const day = date ?? shopMoment(clock.now(), organisation?.timezone ?? 'Europe/Amsterdam').date;
      return {
        date: day,
        public_key: this.publicKeySpki(),
        tickets: (await gateTickets(sql`${plots.date} = ${day}`, names)).map(({ date: _date, ...ticket }) => ticket),
      };
    },

    /**
     * Manual lookup at the gate: the tickets of an exact order number, or the one ticket of an exact
     * code (its signature verified, nothing checked in). No search by name or e-mail: a lookup
     * answers who holds a ticket only to someone who has its number or code.
     */
    async lookup(q: string, date: string | undefined, names: GateNames = 'full'): Promise<Array<GateDayTicket & { date: string | null }>> {
      const code = /^\d{1,9}$/.test(q) ? null : readTicketCode(keys.publicKey, q);
      if (code === null && !/^\d{1,9}$/.test(q)) return [];
      const match = code ? sql`${tickets.id} = ${code.id} and ${tickets.nonce} = ${code.nonce}` : sql`${orders.number} = ${Number(q)}`;
      return gateTickets(date ? sql`${match} and ${plots.date} = ${date}` : sql`${match}`, names, 50);
    },

    /** The shop's public key (SPKI, base64url DER): what an offline scanner verifies codes with. */
    publicKeySpki(): string {
      return keys.publicKey.export({ format: 'der', type: 'spki' }).toString('base64url');
    },
  };

  async function gateTickets(filter: ReturnType<typeof sql>, names: GateNames, limit = 20_000) {
    const locale = await loadShopLocale(db);
    const rows = await db
      .select({
        id: tickets.id,
        position: tickets.position,
        usedAt: tickets.usedAt,
        usedWhere: tickets.usedWhere,
        refundedAt: tickets.refundedAt,
        orderNumber: orders.number,
        quantity: orders.quantity,
        status: orders.status,
        language: orders.language,
        customer: orders.customer,
        texts: products.texts,
        date: plots.date,
      })
      .from(tickets)
      .innerJoin(orders, eq(orders.id, tickets.orderId))
      .innerJoin(products, eq(products.id, orders.productId))
      .leftJoin(plots, eq(plots.id, orders.plotId))
      .where(and(inArray(orders.status, ['PAID', 'REFUNDED', 'CANCELLED']), filter))
      .orderBy(asc(orders.number), asc(tickets.position))
      .limit(limit);
    return rows.map((row) => ({
      id: row.id,
      order_number: row.orderNumber,
      position: row.position,
      of: row.quantity,
      name: visitorName(row.customer, names),
      title: textsIn(row.texts, readingFor(row.language, locale)).title ?? '',
      status: row.refundedAt ? 'REFUNDED' : (row.status as 'PAID' | 'REFUNDED' | 'CANCELLED'),
      used_at: row.usedAt ? row.usedAt.toISOString() : null,
      used_where: row.usedWhere,
      date: row.date,
    }));
  }

  /**
   * THE check-in (the only writer of tickets.used_at): a genuine ticket of a PAID order, for the day
   * of the scan (shop time) and, when the gate names its products, one of them, is marked used in ONE
   * conditional UPDATE — so two gates scanning the same code at once admit one, and a scan synced
   * later with an earlier scan time takes the place of a later one (first-wins by scan time).
   */
  async function checkIn(read: { id: number; nonce: string }, by: CheckInBy, executor: Executor = db): Promise<GateScan> {
    const now = clock.now();
    // A scan time from the future is taken as now; an offline scan can only be earlier.
    const scannedAt = by.scannedAt && by.scannedAt.getTime() < now.getTime() ? by.scannedAt : now;
    const [row] = await executor
      .select({
        ticketId: tickets.id,
        position: tickets.position,
        usedAt: tickets.usedAt,
        usedWhere: tickets.usedWhere,
        refundedAt: tickets.refundedAt,
        orderNumber: orders.number,
        status: orders.status,
        quantity: orders.quantity,
        language: orders.language,
        customer: orders.customer,
        productId: products.id,
        texts: products.texts,
        date: plots.date,
        audienceTexts: ticketAudienceTexts,
        defaultLanguage: organisations.defaultLanguage,
        languages: organisations.languages,
        timezone: organisations.timezone,
      })
      .from(tickets)
      .innerJoin(orders, eq(orders.id, tickets.orderId))
      .innerJoin(products, eq(products.id, orders.productId))
      .leftJoin(plots, eq(plots.id, orders.plotId))
      .leftJoin(organisations, sql`${organisations.id} = (select min(id) from ${organisations})`)
      .where(and(eq(tickets.id, read.id), eq(tickets.nonce, read.nonce)))
      .limit(1);
    if (!row || (row.status !== 'PAID' && row.status !== 'REFUNDED' && row.status !== 'CANCELLED')) {
      return { result: 'unknown', used_at: null, used_where: null, ticket: null };
    }
    const locale = { defaultLanguage: row.defaultLanguage ?? 'en', languages: row.languages ?? ['en'] } as Parameters<typeof readingFor>[1];
    const answer = (result: GateScan['result'], usedAt: Date | null, usedWhere: string | null): GateScan => ({
      result,
      used_at: usedAt ? usedAt.toISOString() : null,
      used_where: usedWhere,
      ticket: {
        order_number: row.orderNumber,
        position: row.position,
        of: row.quantity,
        product_id: row.productId,
        title: textsIn(row.texts, readingFor(row.language, locale)).title ?? '',
        date: row.date,
        audience: row.audienceTexts ? (textsIn(row.audienceTexts, readingFor(row.language, locale)).name ?? null) : null,
        name: visitorName(row.customer, by.names ?? 'full'),
      },
    });
    // A ticket the box office refunded (or of an order no longer paid) is refused as refunded.
    if (row.status !== 'PAID' || row.refundedAt) return answer('refunded', row.usedAt, row.usedWhere);
    if (by.gateProducts && !by.gateProducts.includes(row.productId)) return answer('wrong_product', row.usedAt, row.usedWhere);
    const scanDay = shopMoment(scannedAt, row.timezone ?? 'Europe/Amsterdam').date;
    if (row.date !== null && row.date !== scanDay) return answer('wrong_day', row.usedAt, row.usedWhere);
    const where = by.where.slice(0, 100);
    const [checked] = await executor
      .update(tickets)
      .set({ usedAt: scannedAt, usedWhere: where, usedByStaffId: by.staffId })
      .where(
        and(
          eq(tickets.id, read.id),
          eq(tickets.nonce, read.nonce),
          isNull(tickets.refundedAt),
          or(isNull(tickets.usedAt), gt(tickets.usedAt, scannedAt)),
          inArray(tickets.orderId, db.select({ id: orders.id }).from(orders).where(eq(orders.status, 'PAID'))),
        ),
      )
      .returning({ id: tickets.id });
    if (checked) {
      // An offline scan synced after a later online one: the earlier keeps the place; both admitted one person.
      if (row.usedAt) return answer('already_used', scannedAt, where);
      return answer('valid', scannedAt, where);
    }
    const [after] = await executor
      .select({ usedAt: tickets.usedAt, usedWhere: tickets.usedWhere, refundedAt: tickets.refundedAt, status: orders.status })
      .from(tickets)
      .innerJoin(orders, eq(orders.id, tickets.orderId))
      .where(eq(tickets.id, read.id))
      .limit(1);
    if (!after) return { result: 'unknown', used_at: null, used_where: null, ticket: null };
    if (after.status !== 'PAID' || after.refundedAt) return answer('refunded', after.usedAt, after.usedWhere);
    return answer('already_used', after.usedAt, after.usedWhere);
  }
}

/** Who checks a ticket in, where, and (offline scans) when. */
/**
 * Which of a visitor's names a gate answer carries: `full` for staff who see orders anyway, `first`
 * for a gate account's scans and lookups, `none` for a gate account's day list.
 */
export type GateNames = 'full' | 'first' | 'none';

function visitorName(customer: { first_name: string; last_name: string }, names: GateNames): string {
  if (names === 'none') return '';
  return (names === 'first' ? customer.first_name : `${customer.first_name} ${customer.last_name}`).trim();
}

/**
 * The audience a ticket admits: the order's audience lines in their order, each covering as many
 * positions as its quantity (ticket 1..n of the first line, then the next), as the tickets were issued.
 */
const ticketAudienceTexts = sql<Parameters<typeof textsIn>[0] | null>`(
  select ${audiences.texts} from (
    select ${orderLines.audienceId} as audience_id, sum(${orderLines.quantity}) over (order by ${orderLines.id}) as upto
    from ${orderLines} where ${orderLines.orderId} = ${tickets.orderId} and ${orderLines.kind} = 'AUDIENCE'
  ) as covered
  join ${audiences} on ${audiences.id} = covered.audience_id
  where covered.upto >= ${tickets.position}
  order by covered.upto
  limit 1
)`;

export interface CheckInBy {
  staffId: number | null;
  where: string;
  /** The visitor's names the answer carries (GateNames); default full. */
  names?: GateNames | undefined;
  scannedAt?: Date | undefined;
  gateProducts?: readonly number[] | undefined;
}

export type TicketService = ReturnType<typeof createTicketService>;
