/** The calendar day it is now in a timezone: the `today` the seed and plot top-ups count from. */
import { dayInTimeZone } from '#domain/plot-query.ts';

export function todayIn(timezone: string, now: Date = new Date()): string {
  return dayInTimeZone(now, timezone);
}
