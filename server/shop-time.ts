/** "Now" as the shop's wall clock shows it: plot dates and times are local to its timezone. */
import type { ShopMoment } from '../src/domain/order/slot-rules.ts';

// Building an Intl.DateTimeFormat costs far more than formatting with one (date-fns-tz builds and
// tokenises per call): one per timezone, kept for the life of the process.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timezone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timezone, formatter);
  }
  return formatter;
}

export function shopMoment(now: Date, timezone: string): ShopMoment {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timezone).formatToParts(now)) parts[part.type] = part.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}:${parts.second}`,
  };
}
