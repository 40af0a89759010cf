/**
 * Dates in words: one rule for every text the shop writes, the storefront's pages and every mail
 * (order, reservation, subscription, gift card). Pure (Intl only), so the server and the storefront
 * format alike.
 *
 * - A calendar day (YYYY-MM-DD, already the organisation's day) reads, in the visitor's language,
 *   "Friday 27 November 2026" (`long`, the default) or "Fri 27 Nov 2026" (`short`, for compact lists).
 * - A visit adds its time: "Friday 27 November 2026, 14:00 - 15:30" (the calendar's "HH:MM - HH:MM").
 * - A moment (an instant, such as a reservation's expiry) reads as its day in the organisation's
 *   timezone plus the time, "Friday 27 November 2026 at 14:30".
 */
import { slotTimeRange } from './calendar.ts';
import { formattingLocale } from './languages.ts';

export type DayStyle = 'long' | 'short';

const DAY_OPTIONS: Record<DayStyle, Intl.DateTimeFormatOptions> = {
  long: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  short: { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' },
};

/** Building an Intl.DateTimeFormat costs far more than using one: one per locale, style and zone. */
const formats = new Map<string, Intl.DateTimeFormat>();

function formatter(language: string, options: Intl.DateTimeFormatOptions, key: string): Intl.DateTimeFormat {
  const locale = formattingLocale(language);
  const cacheKey = `${locale}|${key}`;
  let format = formats.get(cacheKey);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(cacheKey, format);
  }
  return format;
}

/** The calendar day as an instant at UTC noon: formatted in UTC, no timezone moves it to another day. */
function dayAsInstant(day: string): Date {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date, 12));
}

/** A calendar day (YYYY-MM-DD, already in the organisation's timezone) in words. */
export function formatDay(day: string, language: string, style: DayStyle = 'long'): string {
  return formatter(language, { ...DAY_OPTIONS[style], timeZone: 'UTC' }, `day|${style}`).format(dayAsInstant(day));
}

/** A visit: its day in words, then "HH:MM - HH:MM" (or "HH:MM"); a whole-day visit is its day alone. */
export function formatVisit(day: string, time: { start: string | null; end: string | null }, language: string, style: DayStyle = 'long'): string {
  const range = slotTimeRange(time);
  return range ? `${formatDay(day, language, style)}, ${range}` : formatDay(day, language, style);
}

/** A moment (ISO instant) as its day and time in `timezone`. */
export function formatMoment(moment: Date, language: string, timezone: string): string {
  return formatter(language, { ...DAY_OPTIONS.long, hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: timezone }, `moment|${timezone}`).format(
    moment,
  );
}

/** A month's title, "November 2026" (`month` is YYYY-MM). */
export function formatMonth(month: string, language: string): string {
  return formatter(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }, 'month').format(dayAsInstant(`${month}-01`));
}

/** A weekday's name ("Monday", or "Mon" short) of a calendar day. */
export function formatWeekday(day: string, language: string, style: DayStyle): string {
  return formatter(language, { weekday: style, timeZone: 'UTC' }, `weekday|${style}`).format(dayAsInstant(day));
}

/** How far `timezone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timezone: string): number {
  const parts = formatter(
    'en',
    { timeZone: timezone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' },
    `parts|${timezone}`,
  ).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((entry) => entry.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant at which `timezone`'s wall clock shows `time` (HH:MM) on `day` (YYYY-MM-DD). A time
 * skipped by a clock change reads as the same wall time before the change's offset.
 */
export function zonedInstant(day: string, time: string, timezone: string): Date {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const wall = Date.UTC(year, month - 1, date, hour, minute);
  const first = wall - offsetAt(wall, timezone);
  const second = wall - offsetAt(first, timezone);
  return new Date(second);
}
