/**
 * The slot calendar's days, pure: a month's or a week's days (weeks start on Monday), the range one read
 * asks for, a day's summary (slots, sold, held, free, closed) and the filters staff choose from.
 */
import type { CalendarSlot } from '#domain/contracts/schedules.schema.ts';

export type CalendarView = 'month' | 'week';
export type SlotFilter = 'all' | 'free' | 'full' | 'closed';
export const SLOT_FILTERS: readonly SlotFilter[] = ['all', 'free', 'full', 'closed'];

const DAY_MS = 86_400_000;
const asTime = (day: string) => Date.parse(`${day}T00:00:00Z`);
export const shiftDay = (day: string, days: number) => new Date(asTime(day) + days * DAY_MS).toISOString().slice(0, 10);
/** ISO weekday, 1 Monday … 7 Sunday. */
export const weekdayOf = (day: string) => ((new Date(asTime(day)).getUTCDay() + 6) % 7) + 1;

function monthEnd(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/** The days a view shows around `anchor`: the whole month, or the week (Monday to Sunday). */
export function viewRange(view: CalendarView, anchor: string): { from: string; until: string } {
  if (view === 'month') return { from: `${anchor.slice(0, 7)}-01`, until: monthEnd(anchor) };
  const from = shiftDay(anchor, 1 - weekdayOf(anchor));
  return { from, until: shiftDay(from, 6) };
}

export function daysOf(range: { from: string; until: string }): string[] {
  const days: string[] = [];
  for (let day = range.from; day <= range.until; day = shiftDay(day, 1)) days.push(day);
  return days;
}

/** The anchor one view earlier or later: a month, or a week. */
export function stepAnchor(view: CalendarView, anchor: string, step: 1 | -1): string {
  if (view === 'week') return shiftDay(anchor, 7 * step);
  const [year, month] = anchor.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 + step, 1)).toISOString().slice(0, 10);
}

export function matchesFilter(slot: CalendarSlot, filter: SlotFilter): boolean {
  if (filter === 'closed') return slot.closed;
  if (filter === 'full') return !slot.closed && slot.free === 0;
  if (filter === 'free') return !slot.closed && slot.free !== 0;
  return true;
}

export interface DaySummary {
  slots: number;
  sold: number;
  held: number;
  /** null: at least one open slot without a limit. */
  free: number | null;
  closed: number;
}

export function summarise(slots: readonly CalendarSlot[]): DaySummary {
  const summary: DaySummary = { slots: slots.length, sold: 0, held: 0, free: 0, closed: 0 };
  for (const slot of slots) {
    summary.sold += slot.sold;
    summary.held += slot.held;
    if (slot.closed) summary.closed += 1;
    else if (slot.free === null) summary.free = null;
    else if (summary.free !== null) summary.free += slot.free;
  }
  return summary;
}

export function byDay(slots: readonly CalendarSlot[]): Map<string, CalendarSlot[]> {
  const days = new Map<string, CalendarSlot[]>();
  for (const slot of slots) days.set(slot.date, [...(days.get(slot.date) ?? []), slot]);
  return days;
}

/** "10:00", or null for a whole-day slot. */
export const startOf = (slot: { startTime: string | null }) => slot.startTime?.slice(0, 5) ?? null;
