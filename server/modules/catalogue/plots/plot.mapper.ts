/** A plot row with its rules applied → `Plot` (amounts in 2 decimals, times as HH:MM). */
import type { Plot } from '#domain/contracts/catalogue.ts';
import { slotAvailability } from '#domain/availability.ts';
import { toAmount } from '#domain/money.ts';
import type { SlotPrices } from '#domain/order/pricing.ts';
import { isOrderLimitReached } from '#domain/order/slot-rules.ts';
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

/**
 * A plot's JSON (exactly `JSON.stringify(toPlot(...))`) in the parts the catalogue version fixes —
 * id, date, start time, prices, written once per listing and version — around the live ones.
 */
export interface PlotJsonParts {
  /** `{"id":…,"date":…,"time":{"start":…,"end":` */
  head: string;
  /** `,"price":…,"lowestTotalPrice":…,"maxOrdersReached":` */
  middle: string;
  /** `,"audiencePrices":[…]}` */
  tail: string;
}

export function plotJsonParts(row: Pick<PlotRow, 'id' | 'date' | 'startTime'>, prices: SlotPrices): PlotJsonParts {
  const audiencePrices = prices.audiencePrices.map((entry) => ({ audience: entry.audience, price: toAmount(entry.price) }));
  return {
    head: `{"id":${JSON.stringify(row.id)},"date":${JSON.stringify(row.date)},"time":{"start":${JSON.stringify(toClockTime(row.startTime))},"end":`,
    middle: `,"price":${JSON.stringify(toAmount(prices.price))},"lowestTotalPrice":${JSON.stringify(toAmount(prices.lowestTotalPrice))},"maxOrdersReached":`,
    tail: `,"audiencePrices":${JSON.stringify(audiencePrices)}}`,
  };
}

/** The live part of a plot's JSON: what `toPlot` works out from the counters read with every answer. */
export interface LivePlot {
  /** `JSON.stringify(toClockTime(endTime))`. */
  endJson: string;
  capacity: number | null;
  taken: number;
  maxOrders: number | null;
  orderCount: number;
}

/** `JSON.stringify(toPlot(row, prices, selectable))`, spliced from the kept parts and the live numbers. */
export function plotJson(parts: PlotJsonParts, live: LivePlot, selectable: boolean): string {
  const { amount, percentage } = slotAvailability(live);
  return `${parts.head}${live.endJson}},"capacity":${live.capacity},"availability":{"amount":${amount},"percentage":${percentage}},"selectable":${selectable}${parts.middle}${isOrderLimitReached(live)}${parts.tail}`;
}
