import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Audience } from '#domain/contracts/catalogue.ts';
import {
  audienceTotal,
  clampPassQuantity,
  clampRegularQuantity,
  clampUpsellQuantity,
  initialAudienceQuantities,
  isAudienceStepReady,
  isPassStepReady,
  isRegularQuantityReady,
  setAudienceQuantity,
  SUBSCRIPTION_PASS_MAX,
  type AudienceQuantities,
} from '#domain/order/quantities.ts';

function audience(id: number, overrides: Partial<Audience> = {}): Audience {
  return {
    id,
    name: `Audience ${id}`,
    description: null,
    price: 10,
    min_quantity: 0,
    max_quantity: 10,
    fixed_quantity: false,
    group: null,
    dependant: false,
    hidden: false,
    ...overrides,
  };
}

describe('clampRegularQuantity', () => {
  const limits = { min: 2, max: 8, available: 20 };
  it.each([
    [0, limits, 0],
    [1, limits, 2],
    [2, limits, 2],
    [5, limits, 5],
    [8, limits, 8],
    [9, limits, 8],
    [-3, limits, 0],
    [Number.NaN, limits, 0],
    [2.5, limits, 0],
    [Number.POSITIVE_INFINITY, limits, 0],
    [10, { min: 2, max: 8, available: 4 }, 4],
    [3, { min: 2, max: 8, available: 1 }, 0],
    [1, { min: 2, max: 8, available: 1 }, 0],
    [5, { min: 0, max: 8, available: 0 }, 0],
    [5, { min: 1, max: 8, available: -4 }, 0],
    [1, { min: 0, max: 3, available: 20 }, 1],
  ])('%d with %o → %d', (value, given, expected) => {
    expect(clampRegularQuantity(value, given)).toBe(expected);
  });

  it('is always 0 or within [min, min(max, available)]', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -50, max: 200 }), fc.double()),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: -5, max: 60 }),
        (value, min, max, available) => {
          const result = clampRegularQuantity(value, { min, max, available });
          expect(Number.isInteger(result)).toBe(true);
          if (result !== 0) {
            expect(result).toBeGreaterThanOrEqual(min);
            expect(result).toBeLessThanOrEqual(Math.min(max, available));
          }
        },
      ),
    );
  });
});

describe('isRegularQuantityReady', () => {
  it.each([
    [0, false],
    [1, true],
    [12, true],
  ])('%d → %s', (quantity, expected) => {
    expect(isRegularQuantityReady(quantity)).toBe(expected);
  });
});

describe('initialAudienceQuantities', () => {
  it('starts visible audiences at 0 and fixed ones at max(1, min_quantity)', () => {
    const audiences = [
      audience(1),
      audience(2, { fixed_quantity: true }),
      audience(3, { fixed_quantity: true, min_quantity: 3 }),
      audience(4, { hidden: true }),
      audience(5, { min_quantity: 2 }),
    ];
    expect(initialAudienceQuantities(audiences)).toEqual({ 1: 0, 2: 1, 3: 3, 5: 0 });
  });
});

describe('setAudienceQuantity', () => {
  const audiences = [
    audience(1, { min_quantity: 0, max_quantity: 6 }),
    audience(2, { min_quantity: 2, max_quantity: 5 }),
    audience(3, { fixed_quantity: true }),
    audience(4, { hidden: true }),
  ];
  const start: AudienceQuantities = { 1: 0, 2: 0, 3: 1 };

  it.each([
    ['sets within bounds', 1, 4, 20, { 1: 4, 2: 0, 3: 1 }],
    ['caps at the audience max', 1, 9, 20, { 1: 6, 2: 0, 3: 1 }],
    ['raises 1 to the audience min', 2, 1, 20, { 1: 0, 2: 2, 3: 1 }],
    ['allows 0 below the audience min', 2, 0, 20, { 1: 0, 2: 0, 3: 1 }],
    ['refuses a negative', 1, -2, 20, { 1: 0, 2: 0, 3: 1 }],
    ['refuses a fraction', 1, 1.5, 20, { 1: 0, 2: 0, 3: 1 }],
    ['fits into the product max', 1, 6, 4, { 1: 3, 2: 0, 3: 1 }],
    ['drops to 0 when the audience min does not fit', 2, 3, 2, { 1: 0, 2: 0, 3: 1 }],
  ])('%s', (_name, id, value, productMax, expected) => {
    expect(setAudienceQuantity(start, id, value, audiences, productMax)).toEqual(expected);
  });

  it('ignores the value of a fixed-quantity audience', () => {
    expect(setAudienceQuantity(start, 3, 0, audiences, 20)).toEqual(start);
    expect(setAudienceQuantity(start, 3, 7, audiences, 20)).toEqual(start);
    expect(setAudienceQuantity({ 1: 0, 2: 0 }, 3, 0, audiences, 20)).toEqual({ 1: 0, 2: 0, 3: 1 });
  });

  it('leaves unknown and hidden audiences unchanged', () => {
    expect(setAudienceQuantity(start, 4, 2, audiences, 20)).toBe(start);
    expect(setAudienceQuantity(start, 99, 2, audiences, 20)).toBe(start);
  });

  it('does not mutate the given quantities', () => {
    const current = { ...start };
    setAudienceQuantity(current, 1, 3, audiences, 20);
    expect(current).toEqual(start);
  });

  it('never lets the total exceed the product max and keeps each audience within its bounds', () => {
    const changes = fc.array(fc.tuple(fc.constantFrom(1, 2, 3, 4, 99), fc.integer({ min: -5, max: 30 })), {
      maxLength: 30,
    });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 25 }), changes, (productMax, steps) => {
        let quantities = initialAudienceQuantities(audiences);
        for (const [id, value] of steps) {
          quantities = setAudienceQuantity(quantities, id, value, audiences, productMax);
          expect(audienceTotal(quantities)).toBeLessThanOrEqual(productMax);
          const second = quantities[2] ?? 0;
          expect(second === 0 || (second >= 2 && second <= 5)).toBe(true);
          expect(quantities[1] ?? 0).toBeLessThanOrEqual(6);
          expect(quantities[3]).toBe(1);
          expect(quantities[4]).toBeUndefined();
        }
      }),
    );
  });
});

describe('audienceTotal', () => {
  it.each([
    [{}, 0],
    [{ 1: 2, 2: 3 }, 5],
    [{ 1: 0, 7: 4 }, 4],
  ])('%o → %d', (quantities, expected) => {
    expect(audienceTotal(quantities)).toBe(expected);
  });
});

describe('isAudienceStepReady', () => {
  const audiences = [audience(1), audience(2, { dependant: true })];
  it.each([
    ['nothing booked', { 1: 0, 2: 0 }, 1, false],
    ['only a dependant audience', { 1: 0, 2: 3 }, 1, false],
    ['an adult', { 1: 1, 2: 0 }, 1, true],
    ['an adult and a child', { 1: 1, 2: 2 }, 3, true],
    ['below the product min', { 1: 1, 2: 1 }, 3, false],
    ['an unknown audience does not count as non-dependant', { 9: 4 }, 1, false],
  ])('%s', (_name, quantities, min, expected) => {
    expect(isAudienceStepReady(quantities, audiences, min)).toBe(expected);
  });
});

describe('clampUpsellQuantity', () => {
  it.each([
    [0, undefined, 0],
    [5, undefined, 5],
    [1200, undefined, 999],
    [-1, undefined, 0],
    [Number.NaN, undefined, 0],
    [4, 3, 3],
    [2, 3, 2],
  ])('%d (max %s) → %d', (value, max, expected) => {
    expect(clampUpsellQuantity(value, max)).toBe(expected);
  });

  it('stays within 0..max', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double()), fc.integer({ min: 0, max: 2000 }), (value, max) => {
        const result = clampUpsellQuantity(value, max);
        expect(Number.isInteger(result)).toBe(true);
        expect(result).toBeGreaterThanOrEqual(0);
        expect(result).toBeLessThanOrEqual(max);
      }),
    );
  });
});

describe('clampPassQuantity', () => {
  it('is 10 per audience', () => {
    expect(SUBSCRIPTION_PASS_MAX).toBe(10);
  });
  it.each([
    ['plus from 0', 1, 0, 0, 1],
    ['stops at 10', 11, 10, 0, 10],
    ['typed from 0 within the total', 4, 0, 6, 4],
    ['typed from 0 beyond the total is refused', 5, 0, 6, 0],
    ['typed from 0 above 10 is capped first', 15, 0, 0, 10],
    ['changing a non-zero audience ignores the total', 8, 2, 6, 8],
    ['a negative is 0', -1, 3, 0, 0],
  ])('%s', (_name, value, current, others, expected) => {
    expect(clampPassQuantity(value, current, others)).toBe(expected);
  });

  it('stays within 0..10', () => {
    fc.assert(
      fc.property(fc.integer({ min: -20, max: 50 }), fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 40 }), (value, current, others) => {
        const result = clampPassQuantity(value, current, others);
        expect(result).toBeGreaterThanOrEqual(0);
        expect(result).toBeLessThanOrEqual(SUBSCRIPTION_PASS_MAX);
        if (current === 0) expect(result + others <= SUBSCRIPTION_PASS_MAX || result === 0).toBe(true);
      }),
    );
  });

  it('the pass step is ready once a pass is chosen', () => {
    expect(isPassStepReady({ 1: 0, 2: 0 })).toBe(false);
    expect(isPassStepReady({ 1: 0, 2: 1 })).toBe(true);
  });
});
