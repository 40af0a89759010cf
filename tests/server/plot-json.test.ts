/**
 * The plots answer is spliced from parts kept per catalogue version and the live counters
 * (plot.mapper.ts plotJson): it must be exactly the JSON of `toPlot`, whatever the row.
 */
import { describe, expect, it } from 'vitest';
import { plotJson, plotJsonParts, toClockTime, toPlot } from '../../server/modules/catalogue/plots/plot.mapper.ts';
import { parseIntMatrix, secondsTime, timeSeconds, type PlotRow } from '../../server/modules/catalogue/plots/plot.repo.ts';
import type { SlotPrices } from '#domain/order/pricing.ts';

const base: PlotRow = {
  id: 17,
  date: '2026-03-05',
  startTime: '10:00:00',
  endTime: '11:30:00',
  capacity: 30,
  taken: 4,
  priceCents: null,
  maxOrders: null,
  orderCount: 2,
  audiencePrices: [],
};

const prices: SlotPrices = {
  price: 1250,
  lowestTotalPrice: 2500,
  audiencePrices: [
    { audience: 1, price: 1250 },
    { audience: 2, price: 600 },
  ],
};

function spliced(row: PlotRow, rowPrices: SlotPrices, selectable: boolean): string {
  const live = { ...row, endJson: JSON.stringify(toClockTime(row.endTime)) };
  return plotJson(plotJsonParts(row, rowPrices), live, selectable);
}

describe('plotJson', () => {
  it.each([
    ['a timed plot with room', base, true],
    ['a whole-day plot without end time or capacity', { ...base, startTime: null, endTime: null, capacity: null }, true],
    ['a sold-out plot', { ...base, taken: 30 }, false],
    ['an over-sold plot', { ...base, taken: 34 }, false],
    ['a plot at its order limit', { ...base, maxOrders: 2, orderCount: 2 }, false],
    ['a plot with no capacity at all', { ...base, capacity: 0, taken: 0 }, false],
  ])('writes %s exactly as JSON.stringify(toPlot) does', (_name, row, selectable) => {
    expect(spliced(row, prices, selectable)).toBe(JSON.stringify(toPlot(row, prices, selectable)));
  });

  it('writes prices without audiences and texts that need escaping the same way', () => {
    const odd = { ...base, date: '2026-03-05"\\', startTime: '09:05:00' };
    const none: SlotPrices = { price: 0, lowestTotalPrice: 0, audiencePrices: [] };
    expect(spliced(odd, none, true)).toBe(JSON.stringify(toPlot(odd, none, true)));
  });
});

describe('the counters as the database answers them', () => {
  it('reads a two-dimensional int array, NULL and negative numbers included', () => {
    expect(parseIntMatrix('{{1,0,30,NULL,0,41400},{22,-3,NULL,5,12,NULL}}')).toEqual([1, 0, 30, null, 0, 41400, 22, -3, null, 5, 12, null]);
    expect(parseIntMatrix('{}')).toEqual([]);
  });

  it('turns end times into seconds and back', () => {
    expect(timeSeconds('11:30:00')).toBe(41_400);
    expect(timeSeconds('23:59:59')).toBe(86_399);
    expect(timeSeconds(null)).toBeNull();
    expect(secondsTime(41_400)).toBe('11:30:00');
    expect(secondsTime(86_399)).toBe('23:59:59');
    expect(secondsTime(0)).toBe('00:00:00');
  });
});
