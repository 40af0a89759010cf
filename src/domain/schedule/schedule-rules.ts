/**
 * Time-slot schedules (issue 20 item 4), written once: what a schedule is (the zod schema the back
 * office's form and the API share), and which slots it gives a product on given days. Dates and times
 * are the organisation's wall clock, like the plots they become (db/schema plots): a 09:00 slot is at
 * 09:00 on both sides of a DST change. A wall-clock time that does not exist on a day (the hour skipped
 * when clocks go forward) gives no slot that day; one that happens twice (clocks going back) gives one.
 *
 * Which days a weekly pattern hits (every n weeks from the season's start) is a recurrence rule the
 * server expands with rrule (server/modules/schedules/recurrence.ts) and hands in as `daysOf`: this
 * file stays pure (zod only).
 */
import { z } from 'zod';

/** The most a price may be, in cents (the money limit of the back office's forms). */
export const MAX_PRICE_CENTS = 1_000_000_00;
export const MAX_CAPACITY = 1_000_000;
export const DEFAULT_HORIZON_DAYS = 365;
export const MAX_HORIZON_DAYS = 3 * 366;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date');
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time');
const cents = z.number().int().min(0).max(MAX_PRICE_CENTS);

const slotTerms = {
  /** null: unlimited. */
  capacity: z.number().int().min(0).max(MAX_CAPACITY).nullable(),
  /** null: no order limit. */
  maxOrders: z.number().int().min(1).max(MAX_CAPACITY).nullable(),
  /** null: the product's price. */
  priceCents: cents.nullable(),
  /** Per-audience prices on these slots (audience id → cents), over the product audience's price. */
  audiencePrices: z.array(z.object({ audienceId: z.number().int().positive(), priceCents: cents })).max(50),
};

export const weeklyPatternSchema = z
  .object({
    /** ISO weekdays: 1 Monday … 7 Sunday (weeks start on Monday, spec section 4). */
    weekdays: z.array(z.number().int().min(1).max(7)).min(1).max(7),
    /** 1: every week; 2: every other week, counted from the season's first day; … */
    everyWeeks: z.number().int().min(1).max(52).default(1),
    /** true: one whole-day slot per day (start and end ignored). */
    allDay: z.boolean().default(false),
    start: clock.nullable().default(null),
    end: clock.nullable().default(null),
    /** Slots of this many minutes one after another from start to end; null: one slot start–end. */
    slotMinutes: z
      .number()
      .int()
      .min(5)
      .max(24 * 60)
      .nullable()
      .default(null),
    ...slotTerms,
  })
  .superRefine((pattern, context) => {
    if (pattern.allDay) return;
    if (pattern.start === null) context.addIssue({ code: 'custom', path: ['start'], message: 'required' });
    if (pattern.end === null) context.addIssue({ code: 'custom', path: ['end'], message: 'required' });
    if (pattern.start !== null && pattern.end !== null && pattern.end <= pattern.start) {
      context.addIssue({ code: 'custom', path: ['end'], message: 'ends_before_start' });
    }
  });

export const seasonSchema = z
  .object({
    name: z.string().trim().max(100).default(''),
    from: day,
    /** Inclusive; null: open-ended. */
    until: day.nullable(),
    patterns: z.array(weeklyPatternSchema).min(1).max(50),
  })
  .superRefine((season, context) => {
    if (season.until !== null && season.until < season.from) context.addIssue({ code: 'custom', path: ['until'], message: 'ends_before_start' });
  });

export const extraSlotSchema = z
  .object({
    date: day,
    /** null with end null: a whole-day slot. */
    start: clock.nullable(),
    end: clock.nullable(),
    ...slotTerms,
  })
  .superRefine((slot, context) => {
    if ((slot.start === null) !== (slot.end === null)) context.addIssue({ code: 'custom', path: ['end'], message: 'required' });
    if (slot.start !== null && slot.end !== null && slot.end <= slot.start) context.addIssue({ code: 'custom', path: ['end'], message: 'ends_before_start' });
  });

export const scheduleSchema = z.object({
  /** How far ahead slots exist, in days from today (the worker keeps it topped up). */
  horizonDays: z.number().int().min(1).max(MAX_HORIZON_DAYS).default(DEFAULT_HORIZON_DAYS),
  /** Later seasons win on the days they share with earlier ones. */
  seasons: z.array(seasonSchema).max(50),
  /** Days without any slot (extra slots too). */
  closedDays: z.array(day).max(1000).default([]),
  /** One-off slots on top of the seasons (replacing a season's slot at the same start). */
  extraSlots: z.array(extraSlotSchema).max(1000).default([]),
});

export type WeeklyPattern = z.infer<typeof weeklyPatternSchema>;
export type Season = z.infer<typeof seasonSchema>;
export type ExtraSlot = z.infer<typeof extraSlotSchema>;
export type Schedule = z.infer<typeof scheduleSchema>;
export type ScheduleInput = z.input<typeof scheduleSchema>;

/** One slot a schedule gives: a plot row to be (db/schema plots). Times HH:MM:SS, null for a whole day. */
export interface GeneratedSlot {
  date: string;
  startTime: string | null;
  endTime: string | null;
  capacity: number | null;
  maxOrders: number | null;
  priceCents: number | null;
  audiencePrices: { audienceId: number; priceCents: number }[];
}

/** The days (YYYY-MM-DD, ascending) from `from` to `until` inclusive that a pattern of `season` falls on. */
export type DaysOf = (pattern: Pick<WeeklyPattern, 'weekdays' | 'everyWeeks'>, seasonStart: string, from: string, until: string) => string[];

/** Whether a wall-clock `time` (HH:MM) exists on `date` in `timezone`: false in the hour skipped when clocks go forward. */
export type WallClockExists = (date: string, time: string) => boolean;

/** A slot's key on its product: its day and start (db/schema plots_product_slot). */
export const slotKey = (slot: { date: string; startTime: string | null }): string => `${slot.date} ${slot.startTime ?? 'all-day'}`;

const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;

/** The start and end (HH:MM:SS) of the slots a pattern gives on one day; whole-day: one [null, null]. */
export function patternTimes(pattern: Pick<WeeklyPattern, 'allDay' | 'start' | 'end' | 'slotMinutes'>): [string | null, string | null][] {
  if (pattern.allDay || pattern.start === null || pattern.end === null) return [[null, null]];
  const start = minutesOf(pattern.start);
  const end = minutesOf(pattern.end);
  if (pattern.slotMinutes === null) return [[timeOf(start), timeOf(end)]];
  const times: [string, string][] = [];
  for (let at = start; at + pattern.slotMinutes <= end; at += pattern.slotMinutes) times.push([timeOf(at), timeOf(at + pattern.slotMinutes)]);
  return times;
}

const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);

/**
 * Every slot `schedule` gives from `from` to `until` (both included, YYYY-MM-DD), ordered by day and
 * start (whole-day first). Seasons listed later replace earlier ones on the days they share; closed days
 * give nothing; extra slots are added, replacing a season's slot with the same start. A start the wall
 * clock skips that day (DST) gives no slot.
 */
export function generateSlots(
  schedule: Schedule,
  window: { from: string; until: string },
  rules: { daysOf: DaysOf; exists: WallClockExists },
): GeneratedSlot[] {
  if (window.until < window.from) return [];
  const closed = new Set(schedule.closedDays);
  /** Per day: the season (index) that owns it, and its slots by key. */
  const byDay = new Map<string, { season: number; slots: Map<string, GeneratedSlot> }>();

  schedule.seasons.forEach((season, seasonIndex) => {
    const from = later(season.from, window.from);
    const until = season.until === null ? window.until : earlier(season.until, window.until);
    if (until < from) return;
    const seasonDays = new Map<string, Map<string, GeneratedSlot>>();
    for (const pattern of season.patterns) {
      const times = patternTimes(pattern);
      for (const date of rules.daysOf(pattern, season.from, from, until)) {
        if (closed.has(date)) continue;
        const slots = seasonDays.get(date) ?? new Map<string, GeneratedSlot>();
        seasonDays.set(date, slots);
        for (const [startTime, endTime] of times) {
          if (startTime !== null && !rules.exists(date, startTime.slice(0, 5))) continue;
          const slot: GeneratedSlot = {
            date,
            startTime,
            endTime,
            capacity: pattern.capacity,
            maxOrders: pattern.maxOrders,
            priceCents: pattern.priceCents,
            audiencePrices: pattern.audiencePrices,
          };
          // The first pattern of a season with a start keeps it.
          if (!slots.has(slotKey(slot))) slots.set(slotKey(slot), slot);
        }
      }
    }
    // A later season owns every day it has slots on.
    for (const [date, slots] of seasonDays) byDay.set(date, { season: seasonIndex, slots });
  });

  for (const extra of schedule.extraSlots) {
    if (extra.date < window.from || extra.date > window.until || closed.has(extra.date)) continue;
    const startTime = extra.start === null ? null : `${extra.start}:00`;
    if (extra.start !== null && !rules.exists(extra.date, extra.start)) continue;
    const slot: GeneratedSlot = {
      date: extra.date,
      startTime,
      endTime: extra.end === null ? null : `${extra.end}:00`,
      capacity: extra.capacity,
      maxOrders: extra.maxOrders,
      priceCents: extra.priceCents,
      audiencePrices: extra.audiencePrices,
    };
    const entry = byDay.get(extra.date) ?? { season: -1, slots: new Map<string, GeneratedSlot>() };
    entry.slots.set(slotKey(slot), slot);
    byDay.set(extra.date, entry);
  }

  return [...byDay.keys()]
    .sort()
    .flatMap((date) => [...(byDay.get(date)?.slots.values() ?? [])].sort((a, b) => (a.startTime ?? '').localeCompare(b.startTime ?? '')));
}

/** What a slot's new terms do to what is sold or held on it: refused when the capacity would fall below the places taken. */
export function capacityRefusal(newCapacity: number | null, taken: number): { code: 'CAPACITY_BELOW_TAKEN'; taken: number } | null {
  return newCapacity !== null && newCapacity < taken ? { code: 'CAPACITY_BELOW_TAKEN', taken } : null;
}

/** A slot that nothing was ever sold, held or ordered on: the only kind a regeneration may delete. */
export function isUntouched(slot: { taken: number; sold: number; orderCount: number }): boolean {
  return slot.taken === 0 && slot.sold === 0 && slot.orderCount === 0;
}

/**
 * How a regeneration meets the slots already there from `from` on: which to add, which to change (same
 * day and start, other terms), which to delete (untouched and no longer given) and which to close
 * (no longer given but with bookings: nothing sold is deleted). Slots edited by hand (`pinned`) and
 * slots before `from` are left alone.
 */
export interface ExistingSlot {
  id: number;
  date: string;
  startTime: string | null;
  endTime: string | null;
  capacity: number | null;
  maxOrders: number | null;
  priceCents: number | null;
  taken: number;
  sold: number;
  orderCount: number;
  audiencePrices: { audienceId: number; priceCents: number }[];
  closed: boolean;
  pinned: boolean;
}

export interface SlotPlan {
  add: GeneratedSlot[];
  change: { id: number; slot: GeneratedSlot; taken: number }[];
  remove: number[];
  close: { id: number; taken: number }[];
  /** Changes that would put a capacity below the places taken. */
  refusals: { id: number; date: string; startTime: string | null; taken: number; capacity: number }[];
}

const pricesKey = (prices: readonly { audienceId: number; priceCents: number }[]) =>
  [...prices]
    .sort((a, b) => a.audienceId - b.audienceId)
    .map((price) => `${price.audienceId}:${price.priceCents}`)
    .join(',');

const sameTerms = (a: ExistingSlot, b: GeneratedSlot) =>
  a.endTime === b.endTime &&
  a.capacity === b.capacity &&
  a.maxOrders === b.maxOrders &&
  a.priceCents === b.priceCents &&
  pricesKey(a.audiencePrices) === pricesKey(b.audiencePrices);

export function planRegeneration(existing: readonly ExistingSlot[], wanted: readonly GeneratedSlot[]): SlotPlan {
  const plan: SlotPlan = { add: [], change: [], remove: [], close: [], refusals: [] };
  const have = new Map(existing.map((slot) => [slotKey(slot), slot]));
  const want = new Map(wanted.map((slot) => [slotKey(slot), slot]));
  for (const [key, slot] of want) {
    const there = have.get(key);
    if (!there) {
      plan.add.push(slot);
      continue;
    }
    if (there.pinned || (sameTerms(there, slot) && !there.closed)) continue;
    const refusal = capacityRefusal(slot.capacity, there.taken);
    if (refusal) plan.refusals.push({ id: there.id, date: there.date, startTime: there.startTime, taken: there.taken, capacity: slot.capacity ?? 0 });
    else plan.change.push({ id: there.id, slot, taken: there.taken });
  }
  for (const [key, slot] of have) {
    if (want.has(key) || slot.pinned) continue;
    if (isUntouched(slot)) plan.remove.push(slot.id);
    else if (!slot.closed) plan.close.push({ id: slot.id, taken: slot.taken });
  }
  return plan;
}
