import { describe, expect, it } from 'vitest';
import type { Plot } from '#domain/contracts/catalogue.ts';
import {
  isSlotListed,
  ownSlotAsMoved,
  type CartOrder,
  placesOnPlot,
  plotBesideCart,
  plotInCartReduction,
  plotsOnDate,
  preselectPlot,
  selectableDates,
} from '#domain/order/plot-selection.ts';

function plot(id: number, overrides: Partial<Plot> = {}): Plot {
  return {
    id,
    date: '2025-06-10',
    time: { start: '10:00', end: '11:00' },
    capacity: 40,
    availability: { amount: 10, percentage: 25 },
    selectable: true,
    price: 20,
    lowestTotalPrice: 20,
    maxOrdersReached: false,
    audiencePrices: [],
    ...overrides,
  };
}

describe('isSlotListed', () => {
  it.each([
    ['fits', plot(1), 4, true],
    ['exactly fits', plot(1), 10, true],
    ['too few places', plot(1), 11, false],
    ['unlimited capacity always fits', plot(1, { capacity: null, availability: { amount: 0, percentage: 100 } }), 5000, true],
    ['order limit reached', plot(1, { maxOrdersReached: true }), 1, false],
  ])('%s', (_name, given, amount, expected) => {
    expect(isSlotListed(given, amount)).toBe(expected);
  });
});

describe('selectableDates', () => {
  const plots = [
    plot(1, { date: '2025-06-10', availability: { amount: 2, percentage: 5 } }),
    plot(2, { date: '2025-06-10', availability: { amount: 8, percentage: 20 } }),
    plot(3, { date: '2025-06-11', selectable: false }),
    plot(4, { date: '2025-06-12', maxOrdersReached: true }),
    plot(5, { date: '2025-06-13', capacity: null, availability: { amount: 999, percentage: 100 } }),
  ];
  it.each([
    [1, ['2025-06-10', '2025-06-13']],
    [5, ['2025-06-10', '2025-06-13']],
    [9, ['2025-06-13']],
  ])('amount %d', (amount, expected) => {
    expect([...selectableDates(plots, amount)].sort()).toEqual(expected);
  });
});

describe('plotsOnDate', () => {
  it('lists the slots that fit that day, earliest first', () => {
    const plots = [
      plot(1, { time: { start: '14:00', end: null } }),
      plot(2, { time: { start: '09:30', end: null } }),
      plot(3, { time: { start: '11:00', end: null }, availability: { amount: 1, percentage: 2 } }),
      plot(4, { date: '2025-06-11', time: { start: '08:00', end: null } }),
      plot(5, { time: { start: null, end: null } }),
    ];
    expect(plotsOnDate(plots, '2025-06-10', 2).map((p) => p.id)).toEqual([5, 2, 1]);
    expect(plotsOnDate(plots, '2025-06-12', 2)).toEqual([]);
  });
  it('leaves out slots the server marks not selectable (a slot that has started is never offered)', () => {
    const plots = [plot(1, { time: { start: '09:00', end: null }, selectable: false }), plot(2, { time: { start: '15:00', end: null } })];
    expect(plotsOnDate(plots, '2025-06-10', 1).map((p) => p.id)).toEqual([2]);
  });
});

describe('preselectPlot', () => {
  const today = '2025-06-10';
  it('auto-selects and proceeds with exactly one plot', () => {
    const only = plot(1, { date: today });
    expect(preselectPlot([only], today, 1)).toEqual({ plot: only, autoProceed: true });
  });
  it('preselects the first selectable, listed plot that is not today', () => {
    const plots = [
      plot(1, { date: today }),
      plot(2, { date: '2025-06-11', selectable: false }),
      plot(3, { date: '2025-06-12', maxOrdersReached: true }),
      plot(4, { date: '2025-06-13', availability: { amount: 1, percentage: 2 } }),
      plot(6, { date: '2025-06-15' }),
      plot(5, { date: '2025-06-14', time: { start: '12:00', end: null } }),
      plot(7, { date: '2025-06-14', time: { start: '09:00', end: null } }),
    ];
    expect(preselectPlot(plots, today, 2)).toEqual({ plot: plots[6], autoProceed: false });
  });
  it('does not auto-select a single plot that cannot be chosen', () => {
    expect(preselectPlot([plot(1, { date: today, selectable: false })], today, 1)).toBeNull();
  });
  it('returns null with no candidate', () => {
    expect(preselectPlot([], today, 1)).toBeNull();
    expect(preselectPlot([plot(1, { date: today }), plot(2, { date: today })], today, 1)).toBeNull();
  });
});

describe('plotInCartReduction', () => {
  it.each([
    [plot(1, { capacity: 40, availability: { amount: 10, percentage: 25 } }), 3, { amount: 7, percentage: 18 }],
    [plot(1, { capacity: 40, availability: { amount: 10, percentage: 25 } }), 12, { amount: 0, percentage: 0 }],
    [plot(1, { capacity: 40, availability: { amount: 10, percentage: 25 } }), 0, { amount: 10, percentage: 25 }],
    [plot(1, { capacity: null, availability: { amount: 999, percentage: 100 } }), 5, { amount: 994, percentage: 100 }],
  ])('%#', (given, inCart, expected) => {
    const reduced = plotInCartReduction(given, inCart);
    expect(reduced.availability).toEqual(expected);
    expect(reduced.id).toBe(given.id);
  });
  it('does not mutate the plot', () => {
    const given = plot(1);
    plotInCartReduction(given, 4);
    expect(given.availability).toEqual({ amount: 10, percentage: 25 });
  });
});

describe('the cart beside a plot', () => {
  const cart: CartOrder[] = [
    { plotId: 1, quantity: 2, audiences: {} },
    { plotId: 1, quantity: 0, audiences: { 7: 3, 8: 1 } },
    { plotId: 2, quantity: 5, audiences: {} },
    { plotId: null, quantity: 9, audiences: {} },
  ];

  it('counts the places every cart order holds on the plot, per audience or as one quantity', () => {
    expect(placesOnPlot(cart, 1)).toBe(6);
    expect(placesOnPlot(cart, 2)).toBe(5);
    expect(placesOnPlot(cart, 3)).toBe(0);
  });

  it('shows the plot with those places counted off, so a slot the cart fills is no longer listed', () => {
    expect(plotBesideCart(plot(1), cart).availability).toEqual({ amount: 4, percentage: 10 });
    const full = plotBesideCart(plot(2, { availability: { amount: 5, percentage: 13 } }), cart);
    expect(full.availability).toEqual({ amount: 0, percentage: 0 });
    expect(isSlotListed(full, 1)).toBe(false);
    expect(plotBesideCart(plot(3), cart)).toEqual(plot(3));
  });
});

describe('ownSlotAsMoved', () => {
  // The server listed the booking's slot with the ordered places counted as free (rebookPlot).
  it.each([
    // As many ordered as the booking holds: the server's figures stand.
    [plot(1, { capacity: 40, availability: { amount: 3, percentage: 8 } }), 3, 3, { amount: 3, percentage: 8 }],
    // Fewer ordered: nothing to take off.
    [plot(1, { capacity: 40, availability: { amount: 2, percentage: 5 } }), 2, 3, { amount: 2, percentage: 5 }],
    // One more ordered than held: that one place is not the booking's.
    [plot(1, { capacity: 40, availability: { amount: 3, percentage: 8 } }), 3, 2, { amount: 2, percentage: 5 }],
    [plot(1, { capacity: 40, availability: { amount: 1, percentage: 3 } }), 5, 2, { amount: 0, percentage: 0 }],
    [plot(1, { capacity: null, availability: { amount: 999, percentage: 100 } }), 5, 2, { amount: 999, percentage: 100 }],
  ])('%#', (given, ordered, own, expected) => {
    expect(ownSlotAsMoved(given, ordered, own).availability).toEqual(expected);
  });
  it('keeps a full slot listed for the places the booking holds, and not beyond', () => {
    const freed = plot(1, { capacity: 40, availability: { amount: 3, percentage: 8 } });
    expect(isSlotListed(ownSlotAsMoved(freed, 3, 2), 3)).toBe(false);
    expect(isSlotListed(ownSlotAsMoved(freed, 2, 2), 2)).toBe(true);
  });
});
