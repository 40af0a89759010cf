/**
 * The plots of one product with the places taken on each, in ONE query: `sold` plus the holds
 * still live at `now` (db/hold-rules.ts placesTakenJoined, the one rule for it). `now` is a parameter
 * (the app's clock), never the database's now().
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ShopMoment } from '../../../../src/domain/order/slot-rules.ts';
import type { Executor } from '../../../db/client.ts';
import { executeNamed } from '../../../db/named-statement.ts';
import { liveHeldPerPlot, placesTakenJoined } from '../../../db/hold-rules.ts';

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

/** Which plots a listing shows, in its order: shared by the full read and the counters' read, so both list the same plots. */
function listingShape(productId: number, window: PlotWindow): { where: SQL; order: SQL } {
  const inWindow = window.until === null ? sql`p.date >= ${window.from}::date` : sql`p.date >= ${window.from}::date and p.date <= ${window.until}::date`;
  const shown = window.alsoPlotId === null ? inWindow : sql`(${inWindow} or p.id = ${window.alsoPlotId}::int)`;
  // Whole-day plots sort before the day's slots, and after them when the order is reversed.
  const order =
    window.direction === 'desc' ? sql`p.date desc, p.start_time desc nulls last, p.id desc` : sql`p.date asc, p.start_time asc nulls first, p.id asc`;
  return { where: sql`p.product_id = ${productId}::int and not p.closed and ${shown}`, order };
}

/** The plots, and the catalogue version (db/schema catalogue_version) they were read at. */
export async function listPlotsWithTaken(db: Executor, productId: number, window: PlotWindow, now: Date): Promise<{ version: number; rows: PlotRow[] }> {
  const { where, order } = listingShape(productId, window);
  // ONE prepared statement (a few shapes: with or without an end, a rebooked plot, a direction)
  // answering ONE JSON value: a 60-day listing is hundreds of rows, which the database builds and
  // JSON.parse reads faster than the driver and the ORM map them row by row.
  const result = await executeNamed(
    db,
    sql`select coalesce((select c.version from catalogue_version c), 0)::text as "version",
        (select coalesce(json_agg(json_build_object('id', p.id, 'date', p.date, 'startTime', p.start_time, 'endTime', p.end_time,
          'capacity', p.capacity, 'taken', ${placesTakenJoined('p', 'held')}, 'priceCents', p.price_cents, 'maxOrders', p.max_orders,
          'orderCount', p.order_count,
          'audiencePrices', coalesce((select json_agg(json_build_object('audience', price.audience_id, 'cents', price.price_cents))
            from plot_audience_prices price where price.plot_id = p.id), '[]')) order by ${order}), '[]')::text
        from plots p left join ${liveHeldPerPlot(now)} held on held.plot_id = p.id
        where ${where}) as "plots"`,
  );
  const row = result.rows[0] as { version: string | number; plots: string } | undefined;
  return { version: Number(row?.version ?? 0), rows: row ? (JSON.parse(row.plots) as PlotRow[]) : [] };
}

/**
 * What a plot shows that the catalogue version does not follow (db/schema catalogue_version): its
 * places taken and order count, which every checkout moves, and its capacity, order limit and end
 * time, which staff may change without moving it.
 */
export type PlotCounters = Pick<PlotRow, 'id' | 'taken' | 'capacity' | 'maxOrders' | 'orderCount' | 'endTime'>;

/**
 * The same plots as `listPlotsWithTaken` (same window, same order) with only their `PlotCounters`,
 * and the catalogue version: what a listing kept at that version is answered with. Arrays, not
 * objects: the smallest JSON the database builds and the process reads.
 */
export async function listPlotCounters(db: Executor, productId: number, window: PlotWindow, now: Date): Promise<{ version: number; rows: PlotCounters[] }> {
  const { where, order } = listingShape(productId, window);
  const result = await executeNamed(
    db,
    sql`select coalesce((select c.version from catalogue_version c), 0)::text as "version",
        (select coalesce(json_agg(json_build_array(p.id, ${placesTakenJoined('p', 'held')}, p.capacity, p.max_orders, p.order_count, p.end_time)
          order by ${order}), '[]')::text
        from plots p left join ${liveHeldPerPlot(now)} held on held.plot_id = p.id
        where ${where}) as "plots"`,
  );
  const row = result.rows[0] as { version: string | number; plots: string } | undefined;
  const arrays = row ? (JSON.parse(row.plots) as [number, number, number | null, number | null, number, string | null][]) : [];
  return {
    version: Number(row?.version ?? 0),
    rows: arrays.map(([id, taken, capacity, maxOrders, orderCount, endTime]) => ({ id, taken, capacity, maxOrders, orderCount, endTime })),
  };
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
       from (select p.date, p.start_time, p.capacity, ${placesTakenJoined('p', 'held')} as taken, p.max_orders, p.order_count
             from plots p left join ${liveHeldPerPlot(now)} held on held.plot_id = p.id where p.product_id = ${productId}::int and not p.closed and p.date >= ${window.from}::date and p.date <= ${window.until}::date) slot
       where (slot.date > ${moment.date}::date or slot.start_time is null or slot.start_time > ${moment.time}::time)
         and (slot.capacity is null or slot.capacity - slot.taken >= 1)
         and (slot.max_orders is null or slot.order_count + 1 <= slot.max_orders)) as "most"`,
  );
  const row = result.rows[0] as { version: string | number; most: number | null } | undefined;
  return { most: Math.max(0, Number(row?.most ?? 0)), version: Number(row?.version ?? 0) };
}
