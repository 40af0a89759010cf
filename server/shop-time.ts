/** "Now" as the shop's wall clock shows it: plot dates and times are local to its timezone. */
import type { ShopMoment } from '#domain/order/slot-rules.ts';

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

// The last moment worked out: a moment is to the second, so every call within that second (a busy
// listing asks hundreds of times a second) answers the same one without formatting again. A pure
// function's last answer, not data: it cannot be stale.
let last: { second: number; timezone: string; moment: Readonly<ShopMoment> } | null = null;

export function shopMoment(now: Date, timezone: string): Readonly<ShopMoment> {
  const second = Math.floor(now.getTime() / 1000);
  if (last !== null && last.second === second && last.timezone === timezone) return last.moment;
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timezone).formatToParts(now)) parts[part.type] = part.value;
  const moment = Object.freeze({
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}:${parts.second}`,
  });
  last = { second, timezone, moment };
  return moment;
}

/** The instant the shop's wall clock shows `date` `time` (HH:MM[:SS]) in `timezone`. */
export function shopInstant(date: string, time: string, timezone: string): Date {
  const wall = Date.parse(`${date}T${time.length === 5 ? `${time}:00` : time}Z`);
  let instant = wall;
  // Twice: the offset at the first guess may differ from the one at the answer (a DST change between).
  for (let step = 0; step < 2; step += 1) {
    const seen = shopMoment(new Date(instant), timezone);
    const shown = Date.parse(`${seen.date}T${seen.time}Z`);
    instant += wall - shown;
  }
  return new Date(instant);
}
