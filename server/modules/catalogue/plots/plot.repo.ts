/**
 * The plots of one product with the places taken on each, in ONE query: `sold` plus the holds
 * still live at `now` (db/hold-rules.ts placesTaken, the one rule for it). `now` is a parameter
 * (the app's clock), never the database's now().
 */
import { and, asc, desc, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ShopMoment } from '../../../../src/domain/order/slot-rules.ts';
import type { Executor } from '../../../db/client.ts';
import { executeNamed } from '../../../db/named-statement.ts';
import { placesTaken } from '../../../db/hold-rules.ts';
import { plotAudiencePrices, plots } from '../../../db/schema/index.ts';

export interface PlotWindow {
  /** YYYY-MM-DD, inclusive. */
  from: string;
  /** YYYY-MM-DD, inclusive; null: open-ended. */
  until: string | null;
  /** Listed whatever the window (the plot of an order being rebooked). */
  alsoPlotId: number | null;
  direction: 'asc' | 'desc';
}

export interface PlotRow {
  id: number;
  date: string;
  /** HH:MM:SS; null for a whole-day plot. */
  startTime: string | null;
  endTime: string | null;
  capacity: number | null;
  taken: number;
  priceCents: number | null;
  maxOrders: number | null;
  orderCount: number;
  audiencePrices: { audience: number; cents: number }[];
}

export async function listPlotsWithTaken(db: Executor, productId: number, window: PlotWindow, now: Date): Promise<PlotRow[]> {
  const inWindow: SQL[] = [gte(plots.date, window.from)];
  if (window.until !== null) inWindow.push(lte(plots.date, window.until));
  const shown = window.alsoPlotId === null ? and(...inWindow) : or(and(...inWindow), eq(plots.id, window.alsoPlotId));
  const order = window.direction === 'desc' ? desc : asc;
  // Whole-day plots sort before the day's slots, and after them when the order is reversed.
  const startOrder = window.direction === 'desc' ? sql`${plots.startTime} desc nulls last` : sql`${plots.startTime} asc nulls first`;

  const rows = await db
    .select({
      id: plots.id,
      date: plots.date,
      startTime: plots.startTime,
      endTime: plots.endTime,
      capacity: plots.capacity,
      taken: placesTaken('plots', now),
      priceCents: plots.priceCents,
      maxOrders: plots.maxOrders,
      orderCount: plots.orderCount,
      // Qualified by hand: in a one-table select list drizzle writes bare column names.
      audiencePrices: sql<{ audience: number; cents: number }[] | null>`(
        select json_agg(json_build_object('audience', "price"."audience_id", 'cents', "price"."price_cents"))
        from ${plotAudiencePrices} as "price" where "price"."plot_id" = "plots"."id")`,
    })
    .from(plots)
    .where(and(eq(plots.productId, productId), shown))
    .orderBy(order(plots.date), startOrder, order(plots.id));

  // Field by field rather than spread: a 60-day listing maps hundreds of rows per request.
  return rows.map((row) => ({
    id: row.id,
    date: row.date,
    startTime: row.startTime,
    endTime: row.endTime,
    capacity: row.capacity,
    taken: Number(row.taken),
    priceCents: row.priceCents,
    maxOrders: row.maxOrders,
    orderCount: row.orderCount,
    audiencePrices: row.audiencePrices ?? [],
  }));
}

/**
 * Product.availability and the catalogue version (db/schema catalogue_version), in ONE prepared
 * statement (db/named-statement.ts): a kept product page is answered with this one round trip.
 *
 * `most`: the most places left on a plot of the product from `window.from` to `window.until` (both
 * included) that one ticket can be booked on, each plot's free places capped at `unlimited` (a plot
 * without capacity counts that much); 0 when none can. "Can be booked" is the slot rules'
 * `isSelectable(slot, 1, moment)` (src/domain/order/slot-rules.ts) written as SQL, as the capacity
 * guard writes `fits` and `acceptsOrders`: upcoming (a later day, or today with no start time or a
 * start after `moment.time`), one place free, the order limit not reached. Places taken count the
 * holds live at `now` (db/hold-rules.ts). The window bounds the work: the same for a year of slots
 * ahead as for a season.
 */
export async function placesLeftAndVersion(
  db: Executor,
  productId: number,
  window: { from: string; until: string },
  moment: ShopMoment,
  unlimited: number,
  now: Date,
): Promise<{ most: number; version: number }> {
  const result = await executeNamed(
    db,
    sql`select coalesce((select c.version from catalogue_version c), 0)::text as "version",
      (select max(case when slot.capacity is null then ${unlimited}::int else least(slot.capacity - slot.taken, ${unlimited}::int) end)
       from (select p.date, p.start_time, p.capacity, ${placesTaken('p', now)} as taken, p.max_orders, p.order_count
             from plots p where p.product_id = ${productId}::int and p.date >= ${window.from}::date and p.date <= ${window.until}::date) slot
       where (slot.date > ${moment.date}::date or slot.start_time is null or slot.start_time > ${moment.time}::time)
         and (slot.capacity is null or slot.capacity - slot.taken >= 1)
         and (slot.max_orders is null or slot.order_count + 1 <= slot.max_orders)) as "most"`,
  );
  const row = result.rows[0] as { version: string | number; most: number | null } | undefined;
  return { most: Math.max(0, Number(row?.most ?? 0)), version: Number(row?.version ?? 0) };
}
