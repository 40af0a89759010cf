/**
 * When an unpaid reservation lapses (its places come back): RESERVATION_HOURS after it was made, or
 * when its first slot starts (a whole-day slot: the end of its day), whichever is sooner; a change to
 * another slot counts from the change (server/modules/checkout/order-change.ts).
 */
import { shopInstant } from '../../shop-time.ts';

interface Slotted {
  plot: { date: string; startTime: string | null } | null;
}

/** The start of the first slot of these lines in the organisation's timezone; null without slots. */
export function firstSlotStart(lines: readonly Slotted[], timezone: string): Date | null {
  const starts = lines.flatMap((line) => (line.plot ? [shopInstant(line.plot.date, line.plot.startTime ?? '23:59:59', timezone).getTime()] : []));
  return starts.length > 0 ? new Date(Math.min(...starts)) : null;
}

const sooner = (a: Date, b: Date | null): Date => (b !== null && b.getTime() < a.getTime() ? b : a);

/** A reservation's deadline (`made`: when it was made or changed). */
export function reservationExpiry(made: Date, reservationHours: number, lines: readonly Slotted[], timezone: string): Date {
  return sooner(new Date(made.getTime() + reservationHours * 3_600_000), firstSlotStart(lines, timezone));
}
