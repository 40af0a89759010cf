import { describe, expect, it } from 'vitest';
import { acceptsOrders, fits, fitsFree, isSelectable, isUpcoming, placesPerPlot, slotRefusal, slotWithOwnBooking } from '#domain/order/slot-rules.ts';

const now = { date: '2026-03-04', time: '09:15:00' };
const slot = (overrides: Partial<Parameters<typeof isSelectable>[0]> = {}) => ({
  date: '2026-03-05',
  startTime: '10:00:00',
  capacity: 10,
  taken: 6,
  maxOrders: null,
  orderCount: 0,
  ...overrides,
});

describe('fits', () => {
  it.each([
    [{ capacity: 10, taken: 6 }, 4, true],
    [{ capacity: 10, taken: 6 }, 5, false],
    [{ capacity: null, taken: 5000 }, 5000, true],
    [{ capacity: 10, taken: 12 }, 0, true],
  ])('%o with %d places: %s', (state, places, expected) => {
    expect(fits(state, places)).toBe(expected);
  });
  it('reads a slot by its free places the same way', () => {
    expect(fitsFree(4, 10, 4)).toBe(true);
    expect(fitsFree(4, 10, 5)).toBe(false);
    expect(fitsFree(0, null, 99)).toBe(true);
  });
});

describe('acceptsOrders', () => {
  it('counts the orders a cart adds against the limit', () => {
    expect(acceptsOrders({ maxOrders: null, orderCount: 1000 }, 5)).toBe(true);
    expect(acceptsOrders({ maxOrders: 2, orderCount: 1 }, 1)).toBe(true);
    expect(acceptsOrders({ maxOrders: 2, orderCount: 1 }, 2)).toBe(false);
  });
});

describe('isUpcoming', () => {
  it.each([
    ['a later day', { date: '2026-03-05', startTime: '08:00:00' }, true],
    ['an earlier day', { date: '2026-03-03', startTime: null }, false],
    ['today, not started', { date: '2026-03-04', startTime: '09:30:00' }, true],
    ['today, started', { date: '2026-03-04', startTime: '09:00:00' }, false],
    ['today, starting this second', { date: '2026-03-04', startTime: '09:15:00' }, false],
    ['today, whole day', { date: '2026-03-04', startTime: null }, true],
  ])('%s', (_name, given, expected) => {
    expect(isUpcoming(given, now)).toBe(expected);
  });
});

describe('isSelectable and slotRefusal', () => {
  it('a past slot never is, whatever its room', () => {
    const past = slot({ date: '2026-03-04', startTime: '09:00:00', taken: 0 });
    expect(isSelectable(past, 1, now)).toBe(false);
    expect(slotRefusal(past, { places: 1, orders: 1 }, now)).toBe('PLOT_NOT_AVAILABLE');
  });
  it('needs room and an order limit not reached', () => {
    expect(isSelectable(slot(), 4, now)).toBe(true);
    expect(isSelectable(slot(), 5, now)).toBe(false);
    expect(isSelectable(slot({ maxOrders: 3, orderCount: 3 }), 1, now)).toBe(false);
    expect(slotRefusal(slot(), { places: 5, orders: 1 }, now)).toBe('PLOT_SOLD_OUT');
    expect(slotRefusal(slot({ maxOrders: 3, orderCount: 3 }), { places: 1, orders: 1 }, now)).toBe('ORDER_LIMIT_REACHED');
    expect(slotRefusal(slot(), { places: 4, orders: 2 }, now)).toBeNull();
  });
});

describe('placesPerPlot', () => {
  it('sums places and counts one order per line, leaving out lines without a slot', () => {
    const perPlot = placesPerPlot([
      { plotId: 1, quantity: 2 },
      { plotId: null, quantity: 5 },
      { plotId: 1, quantity: 3 },
      { plotId: 2, quantity: 1 },
    ]);
    expect([...perPlot.entries()]).toEqual([
      [1, { places: 5, orders: 2 }],
      [2, { places: 1, orders: 1 }],
    ]);
  });
});

describe('slotWithOwnBooking', () => {
  const slot = { capacity: 10, taken: 10, maxOrders: 4, orderCount: 4, id: 7 };
  it('frees the ordered places, at most what is taken, and one counted order', () => {
    expect(slotWithOwnBooking(slot, 3)).toEqual({ ...slot, taken: 7, orderCount: 3 });
    expect(slotWithOwnBooking({ ...slot, taken: 2, orderCount: 0 }, 3)).toEqual({ ...slot, taken: 0, orderCount: 0 });
    expect(fits(slotWithOwnBooking(slot, 3), 3)).toBe(true);
    expect(fits(slotWithOwnBooking(slot, 3), 4)).toBe(false);
    expect(acceptsOrders(slotWithOwnBooking(slot, 3))).toBe(true);
  });
});
