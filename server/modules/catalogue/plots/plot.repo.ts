/**
 * The plots of one product with the places taken on each, in ONE query: `sold` plus the holds
 * still live at `now` (db/hold-rules.ts placesTaken, the one rule for it). `now` is a parameter
 * (the app's clock), never the database's now().
 */
import { and, asc, desc, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
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

/** A plot as the slot rules (src/domain/order/slot-rules.ts) judge it: capacity, places taken, order limit, start. */
export interface SlotStateRow {
  date: string;
  startTime: string | null;
  capacity: number | null;
  taken: number;
  maxOrders: number | null;
  orderCount: number;
}

/**
 * The product's plots from `fromDate` on, with only what the slot rules read (places taken counts
 * unexpired holds): for Product.availability, without building every plot of the listing.
 */
export async function listSlotStates(db: Executor, productId: number, fromDate: string, now: Date): Promise<SlotStateRow[]> {
  const rows = await db
    .select({
      date: plots.date,
      startTime: plots.startTime,
      capacity: plots.capacity,
      taken: placesTaken('plots', now),
      maxOrders: plots.maxOrders,
      orderCount: plots.orderCount,
    })
    .from(plots)
    .where(and(eq(plots.productId, productId), gte(plots.date, fromDate)));
  return rows.map((row) => ({ ...row, taken: Number(row.taken) }));
}
