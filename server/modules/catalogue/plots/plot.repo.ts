/**
 * The plots of one product with the places taken on each, in ONE query: `sold` plus the holds
 * still live at `now` (db/hold-rules.ts placesTaken, the one rule for it). `now` is a parameter
 * (the app's clock), never the database's now().
 */
import { and, asc, desc, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ShopMoment } from '../../../../src/domain/order/slot-rules.ts';
import type { Executor } from '../../../db/client.ts';
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
 * Product.availability in one row of SQL: the most places left on a plot of the product from
 * `window.from` to `window.until` (both included) that one ticket can be booked on, each plot's
 * free places capped at `unlimited` (a plot without capacity counts that much); 0 when none can.
 * "Can be booked" is the slot rules' `isSelectable(slot, 1, moment)` (src/domain/order/slot-rules.ts)
 * written as SQL, as the capacity guard writes `fits` and `acceptsOrders`: upcoming (a later day,
 * or today with no start time or a start after `moment.time`), one place free, the order limit not
 * reached. Places taken count the holds live at `now` (db/hold-rules.ts). The window bounds the
 * work: the same for a year of slots ahead as for a season.
 */
export async function mostPlacesLeft(
  db: Executor,
  productId: number,
  window: { from: string; until: string },
  moment: ShopMoment,
  unlimited: number,
  now: Date,
): Promise<number> {
  const slots = db
    .select({
      date: plots.date,
      startTime: plots.startTime,
      capacity: plots.capacity,
      taken: sql<number>`${placesTaken('plots', now)}`.as('taken'),
      maxOrders: plots.maxOrders,
      orderCount: plots.orderCount,
    })
    .from(plots)
    .where(and(eq(plots.productId, productId), gte(plots.date, window.from), lte(plots.date, window.until)))
    .as('slot');
  const [row] = await db
    .select({
      most: sql<
        number | null
      >`max(case when ${slots.capacity} is null then ${unlimited}::int else least(${slots.capacity} - ${slots.taken}, ${unlimited}::int) end)`,
    })
    .from(slots)
    .where(
      and(
        or(sql`${slots.date} > ${moment.date}::date`, sql`${slots.startTime} is null`, sql`${slots.startTime} > ${moment.time}::time`),
        sql`(${slots.capacity} is null or ${slots.capacity} - ${slots.taken} >= 1)`,
        sql`(${slots.maxOrders} is null or ${slots.orderCount} + 1 <= ${slots.maxOrders})`,
      ),
    );
  return Math.max(0, Number(row?.most ?? 0));
}
