/** "Now" as the shop's wall clock shows it: plot dates and times are local to its timezone. */
import { formatInTimeZone } from 'date-fns-tz';
import type { ShopMoment } from '../src/domain/order/slot-rules.ts';

export function shopMoment(now: Date, timezone: string): ShopMoment {
  return {
    date: formatInTimeZone(now, timezone, 'yyyy-MM-dd'),
    time: formatInTimeZone(now, timezone, 'HH:mm:ss'),
  };
}
