/**
 * The calendar's rules (spec sections 2 and 9): a description preview cut at 140 characters plus
 * an ellipsis, a slot's time as "HH:MM - HH:MM" (or null for a whole-day plot, shown as "All day"),
 * and the plots grouped per organisation day. Dates and times arrive in the organisation's
 * timezone (the plots answer), so nothing here depends on the visitor's clock.
 */
import { cutText, plainText } from './rich-text.ts';

export const CALENDAR_PREVIEW_LENGTH = 140;

/** The first 140 characters of the description's text, plus "…" when it was longer. */
export function previewText(html: string | null, length = CALENDAR_PREVIEW_LENGTH): string {
  return cutText(plainText(html ?? ''), length).text;
}

/** "HH:MM - HH:MM", "HH:MM" without an end, or null for a whole-day plot. */
export function slotTimeRange(time: { start: string | null; end: string | null }): string | null {
  if (!time.start) return null;
  const start = time.start.slice(0, 5);
  return time.end ? `${start} - ${time.end.slice(0, 5)}` : start;
}

/** Items with a `date` grouped by it, each group in the given order. */
export function groupByDay<T extends { date: string }>(entries: readonly T[]): Map<string, T[]> {
  const days = new Map<string, T[]>();
  for (const entry of entries) days.set(entry.date, [...(days.get(entry.date) ?? []), entry]);
  return days;
}
