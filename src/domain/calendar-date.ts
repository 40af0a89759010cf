/**
 * A calendar day as the API reads it, in a query string or a body: `YYYY-MM-DD`, a day that exists
 * (2026-02-30 and 2025-02-29 do not) in the years 1 to 9999 (PostgreSQL has no year 0). The one rule:
 * the plot query and the customer fields read with it, every date parameter's schema is
 * `calendarDate` (contracts/calendar-date.ts, this rule for zod); a date that is not one is
 * `400 VALIDATION_FAILED`, never a database error. No zod here: the storefront's plot query uses it.
 */

export const CALENDAR_DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isCalendarDate(value: string): boolean {
  const match = CALENDAR_DAY_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1) return false;
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0 to 99 as 1900 to 1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
