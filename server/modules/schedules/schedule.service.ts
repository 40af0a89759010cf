/**
 * Time-slot schedules (issue 20 item 4): a product's recurring pattern, its slots generated ahead for
 * the horizon the owner sets and kept topped up by a worker, and staff edits of single slots. Nothing
 * sold is ever lost: a capacity below the places taken (sold plus live holds, db/hold-rules.ts) is
 * refused with CAPACITY_BELOW_TAKEN and the number, a regeneration deletes only untouched slots and
 * closes booked ones it no longer gives, and closing a slot answers what it affects. Every staff change
 * writes its audit row in its own transaction (the staff module's `recordAudit`); plots' and schedules' triggers move the
 * catalogue version (migration 0016), which the storefront's kept answers and the checkout check.
 * This module writes only product_schedules; the slots are the catalogue's plots, written by its
 * public entry's applySlotPlan, updateSlotTerms and setSlotsClosed in this module's transactions.
 */
import { addDays } from '#domain/plot-query.ts';
import { capacityRefusal, generateSlots, planRegeneration, type Schedule } from '#domain/schedule/schedule-rules.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError, notFound, validationFailed } from '../../errors.ts';
import { shopMoment } from '../../shop-time.ts';
import { planSlotBulk, MAX_BULK_DAYS, type BulkPlan, type SlotBulkRequest } from '#domain/schedule/slot-bulk.ts';
import { applySlotPlan, setSlotsCapacity, setSlotsClosed, updateSlotTerms, type AppliedSlotPlan } from '../catalogue/index.ts';
import { loadShopLocale } from '../organisation/index.ts';
import { recordAudit, recordAudits } from '../staff/index.ts';
import { daysOf, wallClockExistsIn } from './recurrence.ts';
import {
  findSchedule,
  listCalendarSlots,
  listScheduleSummaries,
  lockSchedulesToTopUp,
  lockSlot,
  lockSlotsFrom,
  markGeneratedUntil,
  productExists,
  slotsForBulk,
  saveScheduleRow,
  type CalendarSlotRow,
} from './schedule.repo.ts';
import { sql } from 'drizzle-orm';

export interface SlotTerms {
  /** HH:MM, or null for a whole-day slot (which keeps null). */
  endTime: string | null;
  capacity: number | null;
  maxOrders: number | null;
  priceCents: number | null;
}

export interface SaveOutcome extends AppliedSlotPlan {
  revision: number;
}

/** The longest calendar range one read answers. */
export const MAX_CALENDAR_DAYS = 62;

const capacityBelowTaken = (taken: number, where: string) =>
  new AppError('CAPACITY_BELOW_TAKEN', 409, `The capacity cannot be lower than the ${taken} places sold or held${where}`, {
    errorInfo: String(taken),
    fields: { capacity: 'below_taken' },
  });

export function createScheduleService({ db, clock }: { db: Database; clock: Clock }) {
  async function shopToday(executor: Executor): Promise<{ today: string; timezone: string }> {
    const { timezone } = await loadShopLocale(executor);
    return { today: shopMoment(clock.now(), timezone).date, timezone };
  }

  /** A bulk change covers today or later (the past is history) and at most MAX_BULK_DAYS; its product exists. */
  async function checkBulkRange(executor: Executor, request: SlotBulkRequest): Promise<void> {
    const { today } = await shopToday(executor);
    if (request.from < today) throw validationFailed({ from: 'before_today' });
    if (addDays(request.from, MAX_BULK_DAYS) < request.until) throw validationFailed({ until: 'too_far' });
    if (request.productId !== null && !(await productExists(executor, request.productId))) throw notFound('No such product');
  }

  const rulesIn = (timezone: string) => ({ daysOf, exists: wallClockExistsIn(timezone) });

  async function lockProduct(tx: Executor, productId: number): Promise<void> {
    // Two staff saving a product's first schedule at once: the second waits, then sees the first's revision.
    const locked = await tx.execute(sql`select id from products where id = ${productId}::int for no key update`);
    if ((locked as unknown as { rows: unknown[] }).rows.length === 0) throw notFound('No such product');
  }

  return {
    async getSchedule(productId: number) {
      if (!(await productExists(db, productId))) throw notFound('No such product');
      const row = await findSchedule(db, productId);
      return {
        productId,
        revision: row?.revision ?? 0,
        generatedUntil: row?.generatedUntil ?? null,
        schedule: row ? ({ ...row.definition, horizonDays: row.horizonDays } satisfies Schedule) : null,
      };
    },

    /**
     * Saves a product's schedule and regenerates its slots from today to today + horizon. `revision`: the
     * one the editor read (0 for none yet); another save meanwhile refuses with SCHEDULE_CHANGED.
     */
    async saveSchedule(productId: number, schedule: Schedule, options: { revision: number; staffId: number | null }): Promise<SaveOutcome> {
      return db.transaction(async (tx) => {
        await lockProduct(tx, productId);
        const current = await findSchedule(tx, productId, true);
        if ((current?.revision ?? 0) !== options.revision) {
          throw new AppError('SCHEDULE_CHANGED', 409, 'This schedule was changed meanwhile: read it again');
        }
        const { today, timezone } = await shopToday(tx);
        const until = addDays(today, schedule.horizonDays);
        const wanted = generateSlots(schedule, { from: today, until }, rulesIn(timezone));
        const existing = await lockSlotsFrom(tx, productId, today, clock.now());
        const plan = planRegeneration(existing, wanted);
        const [refused] = plan.refusals;
        if (refused) {
          const taken = Math.max(...plan.refusals.map((refusal) => refusal.taken));
          throw capacityBelowTaken(taken, ` on ${plan.refusals.length} slot(s), first ${refused.date} ${refused.startTime ?? ''}`.trimEnd());
        }
        const outcome = await applySlotPlan(tx, productId, plan);
        const { horizonDays, ...definition } = schedule;
        const saved = await saveScheduleRow(tx, { productId, definition, horizonDays, generatedUntil: until });
        await recordAudit(tx, {
          staffId: options.staffId,
          action: 'schedule.save',
          entity: 'product_schedule',
          entityId: String(productId),
          before: current ? { ...current.definition, horizonDays: current.horizonDays } : null,
          after: { ...schedule, outcome },
        });
        return { revision: saved.revision, ...outcome };
      });
    },

    /**
     * The worker's run: every schedule whose slots end before today + its horizon gets the missing days'
     * slots. Safe in any number of processes at once: a schedule is locked (skip locked) while topped up,
     * and a slot already there is left alone (plots_product_slot). Answers the slots added.
     */
    async topUp(options: { batch?: number } = {}): Promise<{ schedules: number; inserted: number }> {
      const { today, timezone } = await shopToday(db);
      const rules = rulesIn(timezone);
      let schedules = 0;
      let inserted = 0;
      for (;;) {
        const done = await db.transaction(async (tx) => {
          const rows = await lockSchedulesToTopUp(tx, today, options.batch ?? 10);
          for (const row of rows) {
            const until = addDays(today, row.horizonDays);
            const from = row.generatedUntil === null || row.generatedUntil < today ? today : addDays(row.generatedUntil, 1);
            const slots = generateSlots({ ...row.definition, horizonDays: row.horizonDays }, { from, until }, rules);
            // What an earlier save left on these days (closed beyond its horizon, say) is brought in line the same way,
            // except a capacity a booking is above: left as it is.
            const plan = planRegeneration(await lockSlotsFrom(tx, row.productId, from, clock.now(), until), slots);
            const refused = new Set(plan.refusals.map((refusal) => refusal.id));
            inserted += (await applySlotPlan(tx, row.productId, { ...plan, change: plan.change.filter((change) => !refused.has(change.id)) })).added;
            await markGeneratedUntil(tx, row.productId, until);
          }
          schedules += rows.length;
          return rows.length < (options.batch ?? 10);
        });
        if (done) break;
      }
      return { schedules, inserted };
    },

    /** The product's slots with sold, held and free, from `from` to `until` (at most MAX_CALENDAR_DAYS). */
    async listCalendar(productId: number, range: { from: string; until: string }): Promise<CalendarSlotRow[]> {
      if (range.until < range.from) throw validationFailed({ until: 'ends_before_start' });
      if (addDays(range.from, MAX_CALENDAR_DAYS) < range.until) throw validationFailed({ until: 'too_far' });
      if (!(await productExists(db, productId))) throw notFound('No such product');
      return listCalendarSlots(db, productId, range.from, range.until, clock.now());
    },

    /** Every product's slots with sold, held and free, from `from` to `until` (the calendar's "all products"). */
    async listAllCalendar(range: { from: string; until: string }): Promise<CalendarSlotRow[]> {
      if (range.until < range.from) throw validationFailed({ until: 'ends_before_start' });
      if (addDays(range.from, MAX_CALENDAR_DAYS) < range.until) throw validationFailed({ until: 'too_far' });
      return listCalendarSlots(db, null, range.from, range.until, clock.now());
    },

    /** What a bulk change would do, written nowhere: the summary staff confirm. */
    async previewBulk(request: SlotBulkRequest): Promise<BulkPlan> {
      await checkBulkRange(db, request);
      return planSlotBulk(await slotsForBulk(db, request.productId, request, clock.now(), false), request.action);
    },

    /**
     * A bulk change done: the range's slots locked, planned again (what is taken may have moved since the
     * preview), refused whole with CAPACITY_BELOW_TAKEN while one slot would go below what is taken,
     * else written with one audit row per slot changed. Answers what it did.
     */
    async applyBulk(request: SlotBulkRequest, staffId: number | null): Promise<BulkPlan> {
      return db.transaction(async (tx) => {
        await checkBulkRange(tx, request);
        const plan = planSlotBulk(await slotsForBulk(tx, request.productId, request, clock.now(), true), request.action);
        if (plan.refusals.length > 0) {
          const first = plan.refusals[0]!;
          const taken = Math.max(...plan.refusals.map((refusal) => refusal.taken));
          throw capacityBelowTaken(taken, ` on ${plan.refusals.length} slot(s), first ${first.date} ${first.startTime ?? ''}`.trimEnd());
        }
        const ids = plan.changes.map((change) => change.id);
        const { action } = request;
        if (action.kind === 'capacity') await setSlotsCapacity(tx, ids, action.capacity);
        else await setSlotsClosed(tx, ids, action.kind === 'close', true);
        await recordAudits(
          tx,
          plan.changes.map((change) => {
            const affected = { places: change.taken, orders: change.orders };
            if (action.kind === 'capacity') {
              return {
                staffId,
                action: 'slot.update',
                entity: 'slot',
                entityId: String(change.id),
                before: { capacity: change.capacity.from },
                after: { capacity: change.capacity.to },
              };
            }
            const closed = action.kind === 'close';
            return {
              staffId,
              action: closed ? 'slot.close' : 'slot.open',
              entity: 'slot',
              entityId: String(change.id),
              before: { closed: !closed },
              after: { closed, affected },
            };
          }),
        );
        return plan;
      });
    },

    async listSchedules() {
      const { today } = await shopToday(db);
      return listScheduleSummaries(db, today);
    },

    /** A single slot's terms, edited by hand (a regeneration leaves it alone from then on). */
    async updateSlot(productId: number, slotId: number, terms: SlotTerms, staffId: number | null): Promise<void> {
      await db.transaction(async (tx) => {
        const slot = await lockSlot(tx, productId, slotId, clock.now());
        if (!slot) throw notFound('No such slot');
        const endTime = slot.startTime === null ? null : terms.endTime === null ? null : `${terms.endTime}:00`;
        if (slot.startTime !== null && (endTime === null || endTime <= slot.startTime)) throw validationFailed({ endTime: 'ends_before_start' });
        const refusal = capacityRefusal(terms.capacity, slot.taken);
        if (refusal) throw capacityBelowTaken(refusal.taken, '');
        if (terms.maxOrders !== null && terms.maxOrders < slot.orderCount) throw validationFailed({ maxOrders: 'below_orders' });
        await updateSlotTerms(tx, slotId, { ...terms, endTime });
        await recordAudit(tx, {
          staffId,
          action: 'slot.update',
          entity: 'slot',
          entityId: String(slotId),
          before: { endTime: slot.endTime, capacity: slot.capacity, maxOrders: slot.maxOrders, priceCents: slot.priceCents },
          after: { ...terms, endTime },
        });
      });
    },

    /** Closes a slot to new sales (or opens it again; either pins it); its bookings stay. Answers what it affects. */
    async setSlotClosed(productId: number, slotId: number, closed: boolean, staffId: number | null): Promise<{ places: number; orders: number }> {
      return db.transaction(async (tx) => {
        const slot = await lockSlot(tx, productId, slotId, clock.now());
        if (!slot) throw notFound('No such slot');
        const affected = { places: slot.taken, orders: slot.orderCount };
        if (slot.closed !== closed) {
          await setSlotsClosed(tx, [slotId], closed, true);
          await recordAudit(tx, {
            staffId,
            action: closed ? 'slot.close' : 'slot.open',
            entity: 'slot',
            entityId: String(slotId),
            before: { closed: slot.closed },
            after: { closed, affected },
          });
        }
        return affected;
      });
    },
  };
}

export type ScheduleService = ReturnType<typeof createScheduleService>;
