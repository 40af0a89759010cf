/**
 * The back office's reading of the shop (read-only; orders are written only by the checkout core):
 * the day list (per slot sold/held/free and the attendees), sales and visitors per day, product and
 * channel (the payment gateway) over a period, slot occupancy, gift-card liability, and the orders
 * CSV streamed in keyset pages (flat memory however many orders), every cell made inert against
 * formula injection (src/domain/csv-cell.ts). The report and the export are heavy reads: each runs as
 * short steps of the heavy-read lane (server/db/heavy-reads.ts: the report a slice of days per step,
 * the export a page of orders), so the shop answers everyone else in between, on PGlite's one
 * connection too; an export of more than EXPORT_MAX_ROWS orders is refused (400 EXPORT_TOO_LARGE).
 */
import { once } from 'node:events';
import type { Stringifier } from 'csv-stringify';
import type * as CsvStringify from 'csv-stringify';
import { lazyModule } from '../../lazy-module.ts';
import { sql, type SQL } from 'drizzle-orm';
import { inertRow, type CsvValue } from '#domain/csv-cell.ts';
import type { Language } from '#domain/languages.ts';
import { toAmount } from '#domain/money.ts';
import type { TaxKind } from '#domain/tax.ts';
import { documentNumber } from '#domain/documents.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Executor } from '../../db/client.ts';
import { periodSlices, type HeavyReads } from '../../db/heavy-reads.ts';
import { AppError } from '../../errors.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { readingFor, textsIn } from '../catalogue/index.ts';
import { findOrganisation, loadShopLocale, type ShopLocale } from '../organisation/index.ts';
import { shopMoment } from '../../shop-time.ts';

const csv = lazyModule<typeof CsvStringify>('csv-stringify');

type Texts = Parameters<typeof textsIn>[0];
const clock5 = (time: string | null) => (time ? time.slice(0, 5) : null);

export interface DayListSlot {
  plot_id: number;
  product_id: number;
  product: string;
  start: string | null;
  end: string | null;
  capacity: number | null;
  sold: number;
  held: number;
  free: number | null;
  attendees: Array<{
    order_number: number;
    status: string;
    name: string;
    email: string;
    quantity: number;
    audiences: Array<{ name: string; quantity: number }>;
    extras: Array<{ name: string; quantity: number }>;
    fields: Record<string, string | number | boolean | null>;
    checked_in: number;
  }>;
}

export interface DayList {
  date: string;
  fields: Array<{ name: string; label: string }>;
  slots: DayListSlot[];
}

/** Days of a report read per step of the heavy-read lane: PGlite answers others between weeks, PostgreSQL between months. */
const SLICE_DAYS = { pglite: 7, postgres: 31 } as const;

export function createReportService({ db, clock, heavy }: { db: Database; clock: Clock; heavy: HeavyReads }) {
  const title = (texts: Texts, locale: ShopLocale, language: Language | null, key: 'title' | 'name' = 'title') =>
    ((textsIn(texts, readingFor(language, locale)) as Record<string, string | undefined>)[key] ?? '') as string;

  async function timezone() {
    return (await findOrganisation(db))?.timezone ?? 'Europe/Amsterdam';
  }

  async function dayList(date: string | undefined, language: Language | null): Promise<DayList> {
    const day = date ?? shopMoment(clock.now(), await timezone()).date;
    const locale = await loadShopLocale(db);
    const plotRows = rowsOf<{
      id: number;
      product_id: number;
      texts: Texts;
      start_time: string | null;
      end_time: string | null;
      capacity: number | null;
      sold: number;
      held: number;
    }>(
      await db.execute(sql`
        select p.id, p.product_id, pr.texts, p.start_time::text as start_time, p.end_time::text as end_time, p.capacity, p.sold, p.held
        from plots p join products pr on pr.id = p.product_id
        where p.date = ${day}
        order by p.start_time nulls first, pr.id, p.id`),
    );
    const orderRows = rowsOf<{
      id: number;
      plot_id: number;
      number: number;
      status: string;
      quantity: number;
      customer: { first_name: string; last_name: string; email: string; fields?: Record<string, string | number | boolean | null> };
      checked_in: number;
    }>(
      await db.execute(sql`
        select o.id, o.plot_id, o.number, o.status, o.quantity, o.customer,
               (select count(*)::int from tickets t where t.order_id = o.id and t.used_at is not null) as checked_in
        from orders o join plots p on p.id = o.plot_id
        where p.date = ${day} and o.status in ('PAID', 'RESERVED')
        order by o.number`),
    );
    const lineRows = orderRows.length
      ? rowsOf<{ order_id: number; kind: string; quantity: number; audience_texts: Texts | null; upsell_texts: Texts | null }>(
          await db.execute(sql`
            select l.order_id, l.kind, l.quantity, a.texts as audience_texts, u.texts as upsell_texts
            from order_lines l join orders o on o.id = l.order_id join plots p on p.id = o.plot_id
            left join audiences a on a.id = l.audience_id left join upsells u on u.id = l.upsell_id
            where p.date = ${day} and o.status in ('PAID', 'RESERVED')
            order by l.order_id, l.id`),
        )
      : [];
    const fieldRows = rowsOf<{ name: string; texts: Texts }>(await db.execute(sql`select name, texts from customer_fields order by sort, id`));
    const slots = plotRows.map((plot): DayListSlot => ({
      plot_id: plot.id,
      product_id: plot.product_id,
      product: title(plot.texts, locale, language),
      start: clock5(plot.start_time),
      end: clock5(plot.end_time),
      capacity: plot.capacity,
      sold: plot.sold,
      held: plot.held,
      free: plot.capacity === null ? null : Math.max(0, plot.capacity - plot.sold - plot.held),
      attendees: orderRows
        .filter((order) => order.plot_id === plot.id)
        .map((order) => {
          const lines = lineRows.filter((line) => line.order_id === order.id);
          return {
            order_number: order.number,
            status: order.status,
            name: `${order.customer.first_name} ${order.customer.last_name}`.trim(),
            email: order.customer.email,
            quantity: order.quantity,
            audiences: lines
              .filter((l) => l.audience_texts)
              .map((l) => ({ name: title(l.audience_texts as Texts, locale, language, 'name'), quantity: l.quantity })),
            extras: lines.filter((l) => l.upsell_texts).map((l) => ({ name: title(l.upsell_texts as Texts, locale, language), quantity: l.quantity })),
            fields: order.customer.fields ?? {},
            checked_in: order.checked_in,
          };
        }),
    }));
    return {
      date: day,
      fields: fieldRows.map((field) => ({
        name: field.name,
        label: (textsIn(field.texts, readingFor(language, locale)) as { label?: string }).label ?? field.name,
      })),
      slots,
    };
  }

  /** The day list as CSV rows (one per order), every cell inert. */
  async function dayListCsv(date: string | undefined, language: Language | null): Promise<string> {
    const list = await dayList(date, language);
    const out = csv().stringify({ bom: true });
    const chunks: string[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
    const done = once(out, 'end');
    out.write(
      inertRow([
        'date',
        'start',
        'end',
        'product',
        'order',
        'status',
        'name',
        'email',
        'quantity',
        'audiences',
        'extras',
        'checked_in',
        ...list.fields.map((f) => f.label),
      ]),
    );
    for (const slot of list.slots) {
      for (const a of slot.attendees) {
        out.write(
          inertRow([
            list.date,
            slot.start,
            slot.end,
            slot.product,
            a.order_number,
            a.status,
            a.name,
            a.email,
            a.quantity,
            a.audiences.map((x) => `${x.quantity}× ${x.name}`).join('; '),
            a.extras.map((x) => `${x.quantity}× ${x.name}`).join('; '),
            a.checked_in,
            ...list.fields.map((f) => a.fields[f.name] as CsvValue),
          ]),
        );
      }
    }
    out.end();
    await done;
    return chunks.join('');
  }

  /**
   * Sales net of refunds, VAT per rate, visitors (by visit day), slot occupancy and gift-card liability over [from, to].
   *
   * What adds up (docs/backoffice.md#reports): an order counts as TAKEN on the day it was placed when it was paid (PAID,
   * REFUNDED, or CANCELLED with its payment paid or refunded — a cancel that kept the money), its total in full; every
   * refund decided for an order (queued, done; not failed) counts as GIVEN BACK on its own day; KEPT is taken less given
   * back. A rebooking's original is left out (its new order counts). VAT per rate is the documents' lines (receipts and
   * invoices positive, credit notes negative) on their day of issue. Every figure is summed per day in SQL, so the cost
   * is the period's rows, and each is the sum of the orders, refunds and documents behind it.
   */
  async function report(from: string, to: string) {
    const tz = await timezone();
    const locale = await loadShopLocale(db);
    // The period a slice of days at a time, each slice one step of the heavy-read lane (the sales and the
    // VAT are grouped by day, so the slices' rows follow each other); the rest is one step each.
    const slices = periodSlices(from, to, SLICE_DAYS[heavy.engine]);
    const bySlice = async <T>(read: (db: Executor, from: string, to: string) => Promise<T[]>): Promise<T[]> => {
      const rows: T[] = [];
      for (const slice of slices) rows.push(...(await heavy.step((executor) => read(executor, slice.from, slice.to))));
      return rows;
    };
    const inPeriod = (column: ReturnType<typeof sql.raw>, from: string, to: string) =>
      sql`${column} >= (${from}::date::timestamp at time zone ${tz}) and ${column} < ((${to}::date + 1)::timestamp at time zone ${tz})`;
    const sales = await bySlice(async (db, from, to) =>
      rowsOf<{
        day: string;
        product_id: number | null;
        texts: Texts | null;
        channel: string;
        orders: number;
        visitors: number;
        gross_cents: number;
        refund_cents: number;
      }>(
        await db.execute(sql`
        with taken as (
          select (o.created_at at time zone ${tz})::date as day, o.product_id, coalesce(pay.gateway, 'none') as channel,
                 count(*)::int as orders, sum(o.quantity)::int as visitors, sum(o.total_cents)::bigint as gross_cents, 0::bigint as refund_cents
          from orders o left join payments pay on pay.id = o.payment_id
          where (o.status in ('PAID', 'REFUNDED') or (o.status = 'CANCELLED' and pay.status in ('paid', 'refunded')))
            and not exists (select 1 from rebookings r where r.original_order_id = o.id and r.status = 'DONE')
            and ${inPeriod(sql.raw('o.created_at'), from, to)}
          group by 1, 2, 3
        ), given as (
          select (r.created_at at time zone ${tz})::date as day, o.product_id, pay.gateway as channel,
                 0 as orders, 0 as visitors, 0::bigint as gross_cents, sum(r.amount_cents)::bigint as refund_cents
          from payment_refunds r join orders o on o.id = r.order_id join payments pay on pay.id = r.payment_id
          where r.status <> 'failed' and ${inPeriod(sql.raw('r.created_at'), from, to)}
          group by 1, 2, 3
        )
        select s.day::text as day, s.product_id, pr.texts, s.channel, sum(s.orders)::int as orders, sum(s.visitors)::int as visitors,
               sum(s.gross_cents)::float8 as gross_cents, sum(s.refund_cents)::float8 as refund_cents
        from (select * from taken union all select * from given) s left join products pr on pr.id = s.product_id
        group by s.day, s.product_id, pr.texts, s.channel order by 1, 2, 4`),
      ),
    );
    const tax = await bySlice(async (db, from, to) =>
      rowsOf<{
        day: string;
        product_id: number | null;
        texts: Texts | null;
        channel: string;
        rate_bp: number;
        tax_kind: string;
        tax_name: string;
        net_cents: number;
        tax_cents: number;
        gross_cents: number;
      }>(
        await db.execute(sql`
        select t.day::text as day, t.product_id, pr.texts, t.channel, t.rate_bp, t.tax_kind, t.tax_name, t.net_cents, t.tax_cents, t.gross_cents
        from (
          select (d.issued_at at time zone ${tz})::date as day, l.product_id, d.channel, l.rate_bp, l.tax_kind, l.tax_name,
                 sum(l.net_cents)::float8 as net_cents, sum(l.tax_cents)::float8 as tax_cents, sum(l.gross_cents)::float8 as gross_cents
          from documents d join document_lines l on l.document_id = d.id
          where ${inPeriod(sql.raw('d.issued_at'), from, to)}
          group by 1, 2, 3, 4, 5, 6
        ) t left join products pr on pr.id = t.product_id
        order by 1, 5 desc, 2, 4`),
      ),
    );
    const visitors = await bySlice(async (db, from, to) =>
      rowsOf<{ day: string; product_id: number; texts: Texts; visitors: number; checked_in: number }>(
        await db.execute(sql`
        select p.date::text as day, p.product_id, pr.texts, sum(o.quantity)::int as visitors,
               coalesce(sum((select count(*) from tickets t where t.order_id = o.id and t.used_at is not null)), 0)::int as checked_in
        from orders o join plots p on p.id = o.plot_id join products pr on pr.id = p.product_id
        where o.status = 'PAID' and p.date between ${from}::date and ${to}::date
        group by 1, 2, 3 order by 1, 2`),
      ),
    );
    const occupancy = await heavy.step(async (db) =>
      rowsOf<{
        date: string;
        start_time: string | null;
        product_id: number;
        texts: Texts;
        capacity: number | null;
        sold: number;
        held: number;
      }>(
        await db.execute(sql`
        select p.date::text as date, p.start_time::text as start_time, p.product_id, pr.texts, p.capacity, p.sold, p.held
        from plots p join products pr on pr.id = p.product_id
        where p.date between ${from}::date and ${to}::date order by p.date, p.start_time nulls first, p.product_id
        limit 5000`),
      ),
    );
    // Gift cards (multi-purpose vouchers: a liability, not revenue, until spent): issued = redeemed + expired + outstanding.
    const today = shopMoment(clock.now(), tz).date;
    const [cards] = await heavy.step(async (db) =>
      rowsOf<{ issued: number; outstanding: number; expired: number; count: number }>(
        await db.execute(sql`select coalesce(sum(coalesce(value_cents, credit_cents)), 0)::float8 as issued,
                                  coalesce(sum(credit_cents) filter (where expires_on is null or expires_on >= ${today}::date), 0)::float8 as outstanding,
                                  coalesce(sum(credit_cents) filter (where expires_on < ${today}::date), 0)::float8 as expired,
                                  count(*)::int as count from gift_cards`),
      ),
    );
    const name = (texts: Texts | null) => (texts ? title(texts, locale, null) : '');
    const issued = Number(cards?.issued ?? 0);
    const outstanding = Number(cards?.outstanding ?? 0);
    const expired = Number(cards?.expired ?? 0);
    const salesRows = sales.map((r) => ({
      day: r.day,
      product_id: r.product_id,
      product: name(r.texts),
      channel: r.channel,
      orders: r.orders,
      visitors: r.visitors,
      gross: toAmount(Number(r.gross_cents)),
      refunds: toAmount(Number(r.refund_cents)),
      net: toAmount(Number(r.gross_cents) - Number(r.refund_cents)),
      revenue: toAmount(Number(r.gross_cents) - Number(r.refund_cents)),
    }));
    const sumOf = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
    return {
      from,
      to,
      sales: salesRows,
      tax: tax.map((r) => ({
        day: r.day,
        product_id: r.product_id,
        product: name(r.texts),
        channel: r.channel,
        rate: Number(r.rate_bp) / 100,
        kind: r.tax_kind as TaxKind,
        name: r.tax_name,
        net: toAmount(Number(r.net_cents)),
        tax: toAmount(Number(r.tax_cents)),
        gross: toAmount(Number(r.gross_cents)),
      })),
      totals: {
        gross: toAmount(sumOf(sales.map((r) => Number(r.gross_cents)))),
        refunds: toAmount(sumOf(sales.map((r) => Number(r.refund_cents)))),
        net: toAmount(sumOf(sales.map((r) => Number(r.gross_cents) - Number(r.refund_cents)))),
        tax: toAmount(sumOf(tax.map((r) => Number(r.tax_cents)))),
      },
      visitors: visitors.map((r) => ({ day: r.day, product_id: r.product_id, product: name(r.texts), visitors: r.visitors, checked_in: r.checked_in })),
      occupancy: occupancy.map((r) => ({
        date: r.date,
        start: clock5(r.start_time),
        product_id: r.product_id,
        product: name(r.texts),
        capacity: r.capacity,
        sold: r.sold,
        held: r.held,
      })),
      gift_cards: {
        count: cards?.count ?? 0,
        issued: toAmount(issued),
        spent: toAmount(issued - outstanding - expired),
        redeemed: toAmount(issued - outstanding - expired),
        expired: toAmount(expired),
        outstanding: toAmount(outstanding),
      },
    };
  }

  /**
   * Every order created in [from, to] (all when absent) as CSV: refused with 400 EXPORT_TOO_LARGE
   * beyond EXPORT_MAX_ROWS orders (counted up to one more, before anything is sent), else read in
   * keyset pages of EXPORT_PAGE_ROWS (creation time, then id: the index orders_created_id), each page
   * one step of the heavy-read lane, and written with back-pressure: memory stays flat, nothing is held
   * while the reader is slow, and other requests are answered between two pages. (Pages are read
   * one after another, not in one snapshot: an order placed during the export is in it or not.)
   */
  async function ordersCsv(range: { from?: string | undefined; to?: string | undefined }): Promise<Stringifier> {
    const tz = await timezone();
    const from = range.from ?? '0001-01-01';
    const to = range.to ?? '9999-12-30';
    const inPeriod = sql`o.created_at >= (${from}::date::timestamp at time zone ${tz}) and o.created_at < ((${to}::date + 1)::timestamp at time zone ${tz})`;
    const { exportMaxRows, exportPageRows } = heavy.settings;
    const [counted] = await heavy.step(async (executor) =>
      rowsOf<{ rows: number }>(
        await executor.execute(sql`select count(*)::int as rows from (select 1 from orders o where ${inPeriod} limit ${exportMaxRows + 1}) capped`),
      ),
    );
    if ((counted?.rows ?? 0) > exportMaxRows) {
      throw new AppError('EXPORT_TOO_LARGE', 400, `More than ${exportMaxRows} orders in this period: choose a shorter one`);
    }
    const out = csv().stringify({ bom: true });
    void (async () => {
      out.write(
        inertRow([
          'order',
          'created',
          'status',
          'kind',
          'product',
          'visit_date',
          'start',
          'quantity',
          'total',
          'currency',
          'channel',
          'first_name',
          'last_name',
          'email',
        ]),
      );
      // The products' titles once, not a product's every translation on each of a million rows.
      const titles = await heavy.step(async (executor) => {
        const locale = await loadShopLocale(executor as Database);
        const byId = new Map<number, string>();
        for (const product of rowsOf<{ id: number; texts: Texts }>(await executor.execute(sql`select id, texts from products`))) {
          byId.set(product.id, title(product.texts, locale, null));
        }
        return byId;
      });
      // The last row sent: its exact creation time (as text, microseconds kept) and id.
      let after: { created: string; id: number } | null = null;
      for (;;) {
        if (out.destroyed) break;
        const since: SQL = after === null ? sql`true` : sql`(o.created_at, o.id) > (${after.created}::timestamptz, ${after.id})`;
        const rows: Array<Record<string, unknown>> = await heavy.step(async (executor) =>
          rowsOf<Record<string, unknown>>(
            await executor.execute(sql`
              select o.id, o.created_at::text as created_key,
                     o.number, to_char(o.created_at at time zone ${tz}, 'YYYY-MM-DD HH24:MI') as created, o.status, o.kind,
                     o.product_id, p.date::text as visit_date, p.start_time::text as start_time,
                     o.quantity, o.total_cents, o.currency, coalesce(pay.gateway, 'none') as channel,
                     o.customer->>'first_name' as first_name, o.customer->>'last_name' as last_name, o.customer->>'email' as email
              from orders o left join plots p on p.id = o.plot_id
              left join payments pay on pay.id = o.payment_id
              where ${inPeriod} and ${since}
              order by o.created_at, o.id
              limit ${exportPageRows}`),
          ),
        );
        let room = true;
        for (const r of rows) {
          room = out.write(
            inertRow([
              r.number as number,
              r.created as string,
              r.status as string,
              r.kind as string,
              r.product_id === null ? '' : (titles.get(r.product_id as number) ?? ''),
              r.visit_date as string | null,
              clock5(r.start_time as string | null),
              r.quantity as number,
              toAmount(r.total_cents as number),
              r.currency as string,
              r.channel as string,
              r.first_name as string,
              r.last_name as string,
              r.email as string,
            ]),
          );
        }
        const last: Record<string, unknown> | undefined = rows.at(-1);
        if (rows.length < exportPageRows || !last) break;
        after = { created: last.created_key as string, id: last.id as number };
        if (!room && !out.destroyed) await drainedOrClosed(out);
      }
      out.end();
    })().catch((error: unknown) => out.destroy(error as Error));
    return out;
  }

  /**
   * The accountant's CSV: one row per document line issued in [from, to] (all when absent): the document's number,
   * kind, date, its original (credit notes), order, channel, then the line's description, quantity, tax rate, kind and
   * name, net, tax and gross (credit notes negative). Streamed from a cursor like the orders' CSV; cells inert.
   */
  function documentLinesCsv(range: { from?: string | undefined; to?: string | undefined }): Stringifier {
    const out = csv().stringify({ bom: true });
    const BATCH = 500;
    void (async () => {
      const tz = await timezone();
      const from = range.from ?? '1970-01-01';
      const to = range.to ?? '9999-12-30';
      await db.transaction(
        async (tx) => {
          await tx.execute(sql`
            declare document_lines_export no scroll cursor for
            select d.series, d.year, d.number, d.kind, d.data->>'issuedOn' as issued_on, d.data->'original'->>'number' as original,
                   d.data->>'orderNumber' as order_number, d.channel, d.currency, l.position, d.data->'lines'->l.position->>'description' as description,
                   l.quantity, l.rate_bp, l.tax_kind, l.tax_name, l.net_cents, l.tax_cents, l.gross_cents,
                   d.data->'buyer'->>'company' as company, d.data->'buyer'->>'vatId' as vat_id
            from documents d join document_lines l on l.document_id = d.id
            where d.issued_at >= (${from}::date::timestamp at time zone ${tz}) and d.issued_at < ((${to}::date + 1)::timestamp at time zone ${tz})
            order by d.id, l.id`);
          out.write(
            inertRow([
              'document',
              'kind',
              'date',
              'original',
              'order',
              'channel',
              'currency',
              'line',
              'description',
              'quantity',
              'rate',
              'tax_kind',
              'tax_name',
              'net',
              'tax',
              'gross',
              'buyer_company',
              'buyer_vat_id',
            ]),
          );
          for (;;) {
            if (out.destroyed) break;
            const rows = rowsOf<Record<string, unknown>>(await tx.execute(sql.raw(`fetch forward ${BATCH} from document_lines_export`)));
            if (rows.length === 0) break;
            let room = true;
            for (const r of rows) {
              room = out.write(
                inertRow([
                  documentNumber({ series: r.series as string, year: Number(r.year), number: Number(r.number) }),
                  r.kind as string,
                  r.issued_on as string,
                  (r.original as string | null) ?? '',
                  r.order_number as string,
                  r.channel as string,
                  r.currency as string,
                  Number(r.position) + 1,
                  (r.description as string | null) ?? '',
                  Number(r.quantity),
                  Number(r.rate_bp) / 100,
                  r.tax_kind as string,
                  r.tax_name as string,
                  toAmount(Number(r.net_cents)),
                  toAmount(Number(r.tax_cents)),
                  toAmount(Number(r.gross_cents)),
                  (r.company as string | null) ?? '',
                  (r.vat_id as string | null) ?? '',
                ]),
              );
            }
            if (!room && !out.destroyed) await drainedOrClosed(out);
          }
          await tx.execute(sql`close document_lines_export`);
        },
        { accessMode: 'read only' },
      );
      out.end();
    })().catch((error: unknown) => out.destroy(error as Error));
    return out;
  }

  return { dayList, dayListCsv, report, ordersCsv, documentLinesCsv };
}

/**
 * Until the reader has taken what is buffered (drain) or gone away (close). The listener of the event
 * that did not happen is removed again: a listener left per batch would pile up over an export.
 */
async function drainedOrClosed(out: Stringifier): Promise<void> {
  const stop = new AbortController();
  const wait = (event: string) => once(out, event, { signal: stop.signal }).catch(() => undefined);
  try {
    await Promise.race([wait('drain'), wait('close')]);
  } finally {
    stop.abort();
  }
}

export type ReportService = ReturnType<typeof createReportService>;
