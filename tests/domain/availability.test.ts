import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  availableAmount,
  availablePercentage,
  calendarAvailabilityLevel,
  reduceByCart,
  slotAvailabilityLevel,
  UNLIMITED_AVAILABILITY,
} from '#domain/availability.ts';

describe('availableAmount', () => {
  it.each([
    [{ capacity: 40, taken: 0 }, 40],
    [{ capacity: 40, taken: 37 }, 3],
    [{ capacity: 40, taken: 40 }, 0],
    [{ capacity: 40, taken: 45 }, 0],
    [{ capacity: null, taken: 5000 }, UNLIMITED_AVAILABILITY],
  ])('%o → %i', (state, expected) => {
    expect(availableAmount(state)).toBe(expected);
  });
});

describe('availablePercentage', () => {
  it.each([
    [40, 40, 100],
    [3, 40, 8],
    [0, 40, 0],
    [1, 3, 33],
    [2, 3, 67],
    [999, null, 100],
    [0, 0, 0],
  ])('%i of %s → %i%%', (amount, capacity, expected) => {
    expect(availablePercentage(amount, capacity)).toBe(expected);
  });

  it('stays within 0..100 for any amount and capacity', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10, max: 2000 }), fc.integer({ min: 0, max: 1000 }), (amount, capacity) => {
        const percentage = availablePercentage(amount, capacity);
        expect(percentage).toBeGreaterThanOrEqual(0);
        expect(percentage).toBeLessThanOrEqual(100);
      }),
    );
  });
});

describe('availability colours (spec section 5)', () => {
  it.each([
    [100, 'high'],
    [21, 'high'],
    [20, 'medium'],
    [1, 'medium'],
    [0, 'low'],
  ] as const)('calendar: %i%% is %s', (percentage, level) => {
    expect(calendarAvailabilityLevel(percentage)).toBe(level);
  });

  it.each([
    [100, 'high'],
    [20, 'high'],
    [19, 'medium'],
    [1, 'medium'],
    [0, 'low'],
  ] as const)('slot list: %i%% is %s', (percentage, level) => {
    expect(slotAvailabilityLevel(percentage)).toBe(level);
  });
});

describe('reduceByCart', () => {
  it('takes the places of the same plot already in the cart and recomputes the percentage', () => {
    expect(reduceByCart({ amount: 10, percentage: 25 }, 40, 4)).toEqual({ amount: 6, percentage: 15 });
    expect(reduceByCart({ amount: 3, percentage: 8 }, 40, 5)).toEqual({ amount: 0, percentage: 0 });
    expect(reduceByCart({ amount: 10, percentage: 25 }, 40, 0)).toEqual({ amount: 10, percentage: 25 });
  });

  it('never goes below zero nor above the plot availability', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 200 }), (amount, inCart) => {
        const capacity = 100;
        const reduced = reduceByCart({ amount, percentage: availablePercentage(amount, capacity) }, capacity, inCart);
        expect(reduced.amount).toBe(Math.max(0, amount - inCart));
        expect(reduced.percentage).toBeLessThanOrEqual(availablePercentage(amount, capacity));
      }),
    );
  });
});
