/**
 * The plots' writes the schedules module asks for, in its transaction: a schedule's regeneration plan
 * applied (src/domain/schedule/schedule-rules.ts decides it: untouched slots removed, booked ones no
 * longer given closed, changed ones brought in line, new ones added), a slot's terms edited by hand,
 * slots closed or opened. The catalogue owns plots and their audience prices; generated slots are
 * inserted idempotently on the plots_product_slot key, so any number of processes may top up at once.
 * Writes to plots move the catalogue version (migration 0016's triggers).
 */
import { sql } from 'drizzle-orm';
import type { GeneratedSlot, SlotPlan } from '#domain/schedule/schedule-rules.ts';
import type { Executor } from '../../../db/client.ts';
import { rowsOf } from '../../../db/raw-rows.ts';

// Keeps each statement well below PostgreSQL's 65,535 bind parameters.
const ROWS_PER_INSERT = 1000;

export interface AppliedSlotPlan {
  added: number;
  changed: number;
  removed: number;
  /** Slots no longer in the schedule that keep their bookings, closed to new sales, and their places. */
  closed: { slots: number; places: number };
}

/** Applies a regeneration plan to the product's slots; answers what it did. */
export async function applySlotPlan(tx: Executor, productId: number, plan: SlotPlan): Promise<AppliedSlotPlan> {
  const removed = await deleteUntouchedSlots(tx, plan.remove);
  await setSlotsClosed(
    tx,
    plan.close.map((slot) => slot.id),
    true,
  );
  for (const { id, slot } of plan.change) await changeSlot(tx, id, slot);
  const added = await insertSlots(tx, productId, plan.add);
  return {
    added,
    changed: plan.change.length,
    removed,
    closed: { slots: plan.close.length, places: plan.close.reduce((sum, slot) => sum + slot.taken, 0) },
  };
}

/** Inserts the slots not there yet (an existing day and start is left alone); answers how many were added. */
async function insertSlots(db: Executor, productId: number, slots: readonly GeneratedSlot[]): Promise<number> {
  let inserted = 0;
  for (let offset = 0; offset < slots.length; offset += ROWS_PER_INSERT) {
    const chunk = slots.slice(offset, offset + ROWS_PER_INSERT);
    // One statement per chunk: the slots as one JSON array, their audience prices written by the same statement.
    const result = await db.execute(sql`
      with wanted as (
        select * from json_to_recordset(${JSON.stringify(chunk)}::json)
          as w(date date, "startTime" time, "endTime" time, capacity int, "maxOrders" int, "priceCents" int, "audiencePrices" json)
      ), added as (
        insert into plots (product_id, date, start_time, end_time, capacity, max_orders, price_cents)
        select ${productId}::int, w.date, w."startTime", w."endTime", w.capacity, w."maxOrders", w."priceCents" from wanted w
        on conflict on constraint plots_product_slot do nothing
        returning id, date, start_time
      ), prices as (
        insert into plot_audience_prices (plot_id, audience_id, price_cents)
        select a.id, (price->>'audienceId')::int, (price->>'priceCents')::int
        from added a join wanted w on w.date = a.date and w."startTime" is not distinct from a.start_time
          cross join lateral json_array_elements(w."audiencePrices") price
        returning plot_id
      )
      select (select count(*) from added)::int as added, (select count(*) from prices)::int as prices`);
    inserted += rowsOf<{ added: number }>(result)[0]?.added ?? 0;
  }
  return inserted;
}

/** A slot's new terms from its schedule (its audience prices replaced); opens it again if it was closed. */
async function changeSlot(db: Executor, id: number, slot: GeneratedSlot): Promise<void> {
  await db.execute(sql`update plots set end_time = ${slot.endTime}::time, capacity = ${slot.capacity}::int, max_orders = ${slot.maxOrders}::int,
    price_cents = ${slot.priceCents}::int, closed = false where id = ${id}::int`);
  await replaceAudiencePrices(db, id, slot.audiencePrices);
}

async function replaceAudiencePrices(db: Executor, plotId: number, prices: readonly { audienceId: number; priceCents: number }[]): Promise<void> {
  await db.execute(sql`delete from plot_audience_prices where plot_id = ${plotId}::int`);
  if (prices.length === 0) return;
  await db.execute(sql`insert into plot_audience_prices (plot_id, audience_id, price_cents)
    select ${plotId}::int, (p->>'audienceId')::int, (p->>'priceCents')::int from json_array_elements(${JSON.stringify(prices)}::json) p`);
}

/** Deletes slots, only those with nothing sold, ordered or held on them (checked again in the statement). */
async function deleteUntouchedSlots(db: Executor, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.execute(sql`delete from plots p where p.id = any(${`{${ids.join(',')}}`}::int[])
    and p.sold = 0 and p.order_count = 0 and not exists (select 1 from holds h where h.plot_id = p.id) returning id`);
  return rowsOf(result).length;
}

/** Closes or opens slots; `byHand`: by staff, so pinned (a regeneration leaves it as it is). */
export async function setSlotsClosed(db: Executor, ids: readonly number[], closed: boolean, byHand = false): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`update plots set closed = ${closed}${byHand ? sql`, pinned = true` : sql``} where id = any(${`{${ids.join(',')}}`}::int[])`);
}

/** A slot's terms edited by hand: pinned, so a regeneration leaves it as it is. */
export async function updateSlotTerms(
  db: Executor,
  slotId: number,
  terms: { endTime: string | null; capacity: number | null; maxOrders: number | null; priceCents: number | null },
): Promise<void> {
  await db.execute(sql`update plots set end_time = ${terms.endTime}::time, capacity = ${terms.capacity}::int, max_orders = ${terms.maxOrders}::int,
    price_cents = ${terms.priceCents}::int, pinned = true where id = ${slotId}::int`);
}

/** Slots' capacity set by staff (a bulk change of the calendar): pinned, so a regeneration leaves them as they are. */
export async function setSlotsCapacity(db: Executor, ids: readonly number[], capacity: number | null): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`update plots set capacity = ${capacity}::int, pinned = true where id = any(${`{${ids.join(',')}}`}::int[])`);
}
