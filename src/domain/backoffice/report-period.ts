/**
 * The longest period a report reads at once (the back office's reports page and GET /api/backoffice/reports):
 * a year, leap day included. Longer is `400 PERIOD_TOO_LONG`; the page says so before it asks.
 */
export const REPORT_MAX_DAYS = 366;

/** Days since 0001-01-01 of a YYYY-MM-DD day (setUTCFullYear: Date.UTC reads the years 0 to 99 as 1900 to 1999). */
export function dayNumber(day: string): number {
  const date = new Date(0);
  date.setUTCFullYear(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
  return Math.round(date.getTime() / 86_400_000);
}

/** The YYYY-MM-DD day of a day number. */
export function dayOfNumber(number: number): string {
  const date = new Date(number * 86_400_000);
  return `${String(date.getUTCFullYear()).padStart(4, '0')}-${String(date.getUTCMonth() + 1).padStart(2, '0')}-${String(date.getUTCDate()).padStart(2, '0')}`;
}

/** How many days `from` to `to` covers, both included (0 or less when `to` is before `from`). */
export function periodDays(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from) + 1;
}

export function periodTooLong(from: string, to: string): boolean {
  return periodDays(from, to) > REPORT_MAX_DAYS;
}
