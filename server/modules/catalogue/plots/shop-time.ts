/** "Now" as the shop's wall clock shows it: plot dates and times are local to its timezone. */
import { formatInTimeZone } from 'date-fns-tz';

export interface ShopMoment {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM:SS, comparable with plot start times as text. */
  time: string;
}

export function shopMoment(now: Date, timezone: string): ShopMoment {
  return {
    date: formatInTimeZone(now, timezone, 'yyyy-MM-dd'),
    time: formatInTimeZone(now, timezone, 'HH:mm:ss'),
  };
}
