/** The calendar day it is now in a timezone: the `today` the seed and plot top-ups count from. */
import { formatInTimeZone } from 'date-fns-tz';

export function todayIn(timezone: string, now: Date = new Date()): string {
  return formatInTimeZone(now, timezone, 'yyyy-MM-dd');
}
