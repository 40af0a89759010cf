/** A plot row with its rules applied → `Plot` (amounts in 2 decimals, times as HH:MM). */
import type { Plot } from '../../../../src/domain/contracts/catalogue.ts';
import { slotAvailability } from '../../../../src/domain/availability.ts';
import { toAmount } from '../../../../src/domain/money.ts';
import type { SlotPrices } from '../../../../src/domain/order/pricing.ts';
import { isOrderLimitReached } from '../../../../src/domain/order/slot-rules.ts';
import type { PlotRow } from './plot.repo.ts';

/** '10:00:00' → '10:00'. */
export function toClockTime(time: string | null): string | null {
  return time === null ? null : time.slice(0, 5);
}

export function toPlot(row: PlotRow, prices: SlotPrices, selectable: boolean): Plot {
  return {
    id: row.id,
    date: row.date,
    time: { start: toClockTime(row.startTime), end: toClockTime(row.endTime) },
    capacity: row.capacity,
    availability: slotAvailability(row),
    selectable,
    price: toAmount(prices.price),
    lowestTotalPrice: toAmount(prices.lowestTotalPrice),
    maxOrdersReached: isOrderLimitReached(row),
    audiencePrices: prices.audiencePrices.map((entry) => ({ audience: entry.audience, price: toAmount(entry.price) })),
  };
}
