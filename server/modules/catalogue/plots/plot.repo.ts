/**
 * The plots of one product with the places taken on each, in ONE query: `sold` plus the holds
 * still live at `now` (db/hold-rules.ts placesTaken, the one rule for it). `now` is a parameter
 * (the app's clock), never the database's now().
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ShopMoment } from '#domain/order/slot-rules.ts';
import type { Executor } from '../../../db/client.ts';
import { executeNamed, preparedStatement } from '../../../db/named-statement.ts';
import { placesTaken } from '../../../db/hold-rules.ts';

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
          'capacity', p.capacity, 'taken', ${placesTaken('p', now)}, 'priceCents', p.price_cents, 'maxOrders', p.max_orders,
          'orderCount', p.order_count,
          'audiencePrices', coalesce((select json_agg(json_build_object('audience', price.audience_id, 'cents', price.price_cents))
            from plot_audience_prices price where price.plot_id = p.id), '[]')) order by ${order}), '[]')::text
        from plots p
        where ${where}) as "plots"`,
  );
  const row = result.rows[0] as { version: string | number; plots: string } | undefined;
  return { version: Number(row?.version ?? 0), rows: row ? (JSON.parse(row.plots) as PlotRow[]) : [] };
}

/**
 * What a plot shows that the catalogue version does not follow (db/schema catalogue_version): its
 * places taken and order count, which every checkout moves, and its capacity, order limit and end
 * time, which staff may change without moving it. The live counters of a listing's plots,
 * `COUNTER_WIDTH` numbers per plot in no particular order:
 * id, places taken, capacity, order limit, order count and end time in seconds after midnight
 * (null for no capacity, no limit or no end time); `Counter` names the places.
 */
export interface LiveCounters {
  /** The catalogue version they were read at. */
  version: number;
  /** The counters as the database answers them (a two-dimensional int array's text; `parseIntMatrix` reads it). */
  text: string;
}

export const COUNTER_WIDTH = 6;
export const Counter = { id: 0, taken: 1, capacity: 2, maxOrders: 3, orderCount: 4, endSeconds: 5 } as const;

/** 'HH:MM:SS' → seconds after midnight; null stays null. The counters' end time is read this way. */
export function timeSeconds(time: string | null): number | null {
  if (time === null) return null;
  const [hours = 0, minutes = 0, seconds = 0] = time.split(':').map(Number);
  return hours * 3600 + minutes * 60 + Math.floor(seconds);
}

/** Seconds after midnight → 'HH:MM:SS'. */
export function secondsTime(seconds: number): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
}

/**
 * PostgreSQL's text of a two-dimensional int array ('{{1,2,NULL},{4,5,6}}') → its numbers in
 * order, NULL as null: one pass over the text, no JSON and no object per row.
 */
export function parseIntMatrix(text: string): (number | null)[] {
  const values: (number | null)[] = [];
  let current = 0;
  let negative = false;
  let inNumber = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code >= 48 && code <= 57) {
      current = current * 10 + (code - 48);
      inNumber = true;
    } else if (code === 45) {
      negative = true;
    } else if (code === 78) {
      // NULL
      values.push(null);
      index += 3;
    } else if (inNumber) {
      values.push(negative ? -current : current);
      current = 0;
      negative = false;
      inNumber = false;
    }
  }
  return values;
}

/**
 * The listings' counters statements, one per shape of window (with or without an end, with or
 * without a rebooked plot), each built once and run with its values. The plots of the window in no
 * order (the caller matches them to its listing by id), as ONE two-dimensional int array in its
 * text form: no ordered aggregate (a sort per answer) and no JSON built row by row, the cheapest
 * answer for the database to build and for the process to read. Every row's numbers travel in one
 * inner array, so they cannot be paired wrongly.
 */
const counterStatements = new Map<string, ReturnType<typeof preparedStatement>>();

function counterStatement(bounded: boolean, rebooking: boolean): ReturnType<typeof preparedStatement> {
  const shape = `${bounded}:${rebooking}`;
  let statement = counterStatements.get(shape);
  if (!statement) {
    statement = preparedStatement(() => {
      const inWindow = bounded
        ? sql`p.date >= ${sql.placeholder('from')}::date and p.date <= ${sql.placeholder('until')}::date`
        : sql`p.date >= ${sql.placeholder('from')}::date`;
      const shown = rebooking ? sql`(${inWindow} or p.id = ${sql.placeholder('alsoPlotId')}::int)` : inWindow;
      return sql`select coalesce((select c.version from catalogue_version c), 0)::text as "version",
        (select coalesce(array_agg(array[p.id, ${placesTaken('p', sql.placeholder('now'))}, p.capacity, p.max_orders, p.order_count,
            floor(extract(epoch from p.end_time))::int])::text, '{}')
          from plots p
          where p.product_id = ${sql.placeholder('productId')}::int and not p.closed and ${shown}) as "counters"`;
    });
    counterStatements.set(shape, statement);
  }
  return statement;
}

/**
 * The same plots as `listPlotsWithTaken` (same window) with only their live counters, and the
 * catalogue version: what a listing kept at that version is answered with.
 */
export async function listPlotCounters(db: Executor, productId: number, window: PlotWindow, now: Date): Promise<LiveCounters> {
  const statement = counterStatement(window.until !== null, window.alsoPlotId !== null);
  const result = await statement(db, {
    productId,
    from: window.from,
    until: window.until,
    alsoPlotId: window.alsoPlotId,
    now: now.toISOString(),
  });
  const row = result.rows[0] as { version: string | number; counters: string } | undefined;
  return { version: Number(row?.version ?? 0), text: row?.counters ?? '{}' };
}

/**
 * Product.availability and the catalogue version (db/schema catalogue_version), in ONE prepared
 * statement built once (db/named-statement.ts preparedStatement): a kept product page is answered
 * with this one round trip.
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
const placesLeftStatement = preparedStatement(() => {
  const [from, until, unlimited] = [sql.placeholder('from'), sql.placeholder('until'), sql.placeholder('unlimited')];
  const [momentDate, momentTime] = [sql.placeholder('momentDate'), sql.placeholder('momentTime')];
  return sql`select coalesce((select c.version from catalogue_version c), 0)::text as "version",
      (select max(case when slot.capacity is null then ${unlimited}::int else least(slot.capacity - slot.taken, ${unlimited}::int) end)
       from (select p.date, p.start_time, p.capacity, ${placesTaken('p', sql.placeholder('now'))} as taken, p.max_orders, p.order_count
             from plots p
             where p.product_id = ${sql.placeholder('productId')}::int and not p.closed and p.date >= ${from}::date and p.date <= ${until}::date) slot
       where (slot.date > ${momentDate}::date or slot.start_time is null or slot.start_time > ${momentTime}::time)
         and (slot.capacity is null or slot.capacity - slot.taken >= 1)
         and (slot.max_orders is null or slot.order_count + 1 <= slot.max_orders)) as "most"`;
});

export async function placesLeftAndVersion(
  db: Executor,
  productId: number,
  window: { from: string; until: string },
  moment: ShopMoment,
  unlimited: number,
  now: Date,
): Promise<{ most: number; version: number }> {
  const result = await placesLeftStatement(db, {
    productId,
    from: window.from,
    until: window.until,
    momentDate: moment.date,
    momentTime: moment.time,
    unlimited,
    now: now.toISOString(),
  });
  const row = result.rows[0] as { version: string | number; most: number | null } | undefined;
  return { most: Math.max(0, Number(row?.most ?? 0)), version: Number(row?.version ?? 0) };
}
