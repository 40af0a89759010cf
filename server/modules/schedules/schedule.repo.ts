/**
 * The schedules' queries: a product's schedule row (the one table this module writes), and its slots
 * (the catalogue's plots) read with the places taken on each — sold plus live holds, the ONE rule of
 * db/hold-rules.ts placesTaken. The slots are written by the catalogue (its plots/plot-writes.ts).
 */
import { sql } from 'drizzle-orm';
import type { ExistingSlot, Schedule } from '#domain/schedule/schedule-rules.ts';
import type { BulkSlot } from '#domain/schedule/slot-bulk.ts';
import type { Executor } from '../../db/client.ts';
import { placesTaken } from '../../db/hold-rules.ts';
import { rowsOf } from '../../db/raw-rows.ts';

export interface ScheduleRow {
  productId: number;
  definition: Omit<Schedule, 'horizonDays'>;
  horizonDays: number;
  generatedUntil: string | null;
  revision: number;
}

export interface CalendarSlotRow {
  id: number;
  productId: number;
  date: string;
  startTime: string | null;
  endTime: string | null;
  capacity: number | null;
  sold: number;
  /** Places of live holds (taken − sold). */
  held: number;
  maxOrders: number | null;
  orderCount: number;
  priceCents: number | null;
  closed: boolean;
  pinned: boolean;
}

const scheduleColumns = sql`product_id as "productId", definition, horizon_days as "horizonDays", generated_until::text as "generatedUntil", revision`;

export async function findSchedule(db: Executor, productId: number, lock = false): Promise<ScheduleRow | null> {
  const result = await db.execute(sql`select ${scheduleColumns} from product_schedules where product_id = ${productId}::int ${lock ? sql`for update` : sql``}`);
  return rowsOf<ScheduleRow>(result)[0] ?? null;
}

export async function productExists(db: Executor, productId: number): Promise<boolean> {
  const result = await db.execute(sql`select 1 from products where id = ${productId}::int`);
  return rowsOf(result).length === 1;
}

export async function saveScheduleRow(db: Executor, row: Omit<ScheduleRow, 'revision'>): Promise<ScheduleRow> {
  const result = await db.execute(sql`
    insert into product_schedules (product_id, definition, horizon_days, generated_until, revision, updated_at)
    values (${row.productId}::int, ${JSON.stringify(row.definition)}::jsonb, ${row.horizonDays}::int, ${row.generatedUntil}::date, 1, now())
    on conflict (product_id) do update set definition = excluded.definition, horizon_days = excluded.horizon_days,
      generated_until = excluded.generated_until, revision = product_schedules.revision + 1, updated_at = now()
    returning ${scheduleColumns}`);
  return rowsOf<ScheduleRow>(result)[0] as ScheduleRow;
}

/**
 * The schedules whose slots end before `target(horizon)`, each locked for this transaction; one another
 * process is topping up (or staff is saving) is skipped, not waited for.
 */
export async function lockSchedulesToTopUp(db: Executor, today: string, limit: number): Promise<ScheduleRow[]> {
  const result = await db.execute(sql`
    select ${scheduleColumns} from product_schedules
    where generated_until is null or generated_until < ${today}::date + horizon_days
    order by product_id limit ${limit}::int for update skip locked`);
  return rowsOf<ScheduleRow>(result);
}

export async function markGeneratedUntil(db: Executor, productId: number, until: string): Promise<void> {
  await db.execute(sql`update product_schedules set generated_until = greatest(coalesce(generated_until, ${until}::date), ${until}::date)
    where product_id = ${productId}::int`);
}

/** The product's slots from `from` on (every one up to `until` when given), with the places taken at `now`, each locked. */
export async function lockSlotsFrom(db: Executor, productId: number, from: string, now: Date, until: string | null = null): Promise<ExistingSlot[]> {
  const inRange = until === null ? sql`date >= ${from}::date` : sql`date >= ${from}::date and date <= ${until}::date`;
  await db.execute(sql`select id from plots where product_id = ${productId}::int and ${inRange} order by id for no key update`);
  const result = await db.execute(sql`
    select p.id, p.date::text as date, p.start_time::text as "startTime", p.end_time::text as "endTime", p.capacity,
      p.max_orders as "maxOrders", p.price_cents as "priceCents", ${placesTaken('p', now)} as taken, p.sold,
      p.order_count as "orderCount", p.closed, p.pinned,
      coalesce((select json_agg(json_build_object('audienceId', a.audience_id, 'priceCents', a.price_cents) order by a.audience_id)
        from plot_audience_prices a where a.plot_id = p.id), '[]') as "audiencePrices"
    from plots p where p.product_id = ${productId}::int and p.${inRange}`);
  return rowsOf<ExistingSlot>(result);
}

/** One slot, locked, with the places taken at `now`; null when it is not the product's. */
export async function lockSlot(db: Executor, productId: number, slotId: number, now: Date): Promise<(ExistingSlot & { productId: number }) | null> {
  const result = await db.execute(sql`
    select p.id, p.product_id as "productId", p.date::text as date, p.start_time::text as "startTime", p.end_time::text as "endTime",
      p.capacity, p.max_orders as "maxOrders", p.price_cents as "priceCents", p.sold, p.order_count as "orderCount", p.closed, p.pinned,
      '[]'::json as "audiencePrices", 0 as taken
    from plots p where p.id = ${slotId}::int and p.product_id = ${productId}::int for no key update`);
  const slot = rowsOf<ExistingSlot & { productId: number }>(result)[0];
  if (!slot) return null;
  // Counted after the lock: every checkout that took places on it before has committed its holds.
  const taken = await db.execute(sql`select ${placesTaken('p', now)} as taken from plots p where p.id = ${slotId}::int`);
  return { ...slot, taken: rowsOf<{ taken: number }>(taken)[0]?.taken ?? 0 };
}

/**
 * The product's slots from `from` to `until` (inclusive) with sold, held (live holds) and the rest, as
 * ONE JSON value built by the database (a month of 30-minute slots is hundreds of rows).
 */
export async function listCalendarSlots(db: Executor, productId: number | null, from: string, until: string, now: Date): Promise<CalendarSlotRow[]> {
  const ofProduct = productId === null ? sql`true` : sql`p.product_id = ${productId}::int`;
  const result = await db.execute(sql`
    select coalesce(json_agg(json_build_object('id', s.id, 'productId', s.product_id, 'date', s.date, 'startTime', s.start_time, 'endTime', s.end_time,
      'capacity', s.capacity, 'sold', s.sold, 'held', s.taken - s.sold, 'maxOrders', s.max_orders, 'orderCount', s.order_count,
      'priceCents', s.price_cents, 'closed', s.closed, 'pinned', s.pinned) order by s.date, s.start_time nulls first, s.product_id, s.id), '[]')::text as slots
    from (select p.*, ${placesTaken('p', now)} as taken from plots p
      where ${ofProduct} and p.date >= ${from}::date and p.date <= ${until}::date) s`);
  return JSON.parse(rowsOf<{ slots: string }>(result)[0]?.slots ?? '[]') as CalendarSlotRow[];
}

/**
 * Per product with days: its schedule's horizon, reach and revision, and its first and last slot from
 * `from` on. Index lookups only (plots_product_date), however many slots a year holds: the list view.
 */
export async function listScheduleSummaries(
  db: Executor,
  from: string,
): Promise<
  { productId: number; firstDate: string | null; lastDate: string | null; horizonDays: number | null; generatedUntil: string | null; revision: number }[]
> {
  const result = await db.execute(sql`
    select coalesce(json_agg(row_to_json(x) order by x."productId"), '[]')::text as rows from (
      select pr.id as "productId",
        (select min(p.date) from plots p where p.product_id = pr.id and p.date >= ${from}::date)::text as "firstDate",
        (select max(p.date) from plots p where p.product_id = pr.id and p.date >= ${from}::date)::text as "lastDate",
        s.horizon_days as "horizonDays", s.generated_until::text as "generatedUntil", coalesce(s.revision, 0) as revision
      from products pr left join product_schedules s on s.product_id = pr.id
      where pr.has_days) x`);
  return JSON.parse(rowsOf<{ rows: string }>(result)[0]?.rows ?? '[]') as never;
}

/**
 * The slots of one product (or of every product: null) from `from` to `until`, with the places taken at
 * `now`, for a bulk change; `lock`: each locked for the transaction (the apply), else read as they are (the preview).
 */
export async function slotsForBulk(
  db: Executor,
  productId: number | null,
  range: { from: string; until: string },
  now: Date,
  lock: boolean,
): Promise<BulkSlot[]> {
  const where = sql`${productId === null ? sql`true` : sql`product_id = ${productId}::int`} and date >= ${range.from}::date and date <= ${range.until}::date`;
  if (lock) await db.execute(sql`select id from plots where ${where} order by id for no key update`);
  const result = await db.execute(sql`
    select coalesce(json_agg(json_build_object('id', s.id, 'productId', s.product_id, 'date', s.date, 'startTime', s.start_time,
      'capacity', s.capacity, 'closed', s.closed, 'taken', s.taken, 'orderCount', s.order_count)
      order by s.date, s.start_time nulls first, s.product_id, s.id), '[]')::text as slots
    from (select p.*, ${placesTaken('p', now)} as taken from plots p where ${where}) s`);
  return JSON.parse(rowsOf<{ slots: string }>(result)[0]?.slots ?? '[]') as BulkSlot[];
}
