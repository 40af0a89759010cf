import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sumCents, toAmount, toCents } from '#domain/money.ts';

describe('money', () => {
  it.each([
    [0, 0],
    [1, 0.01],
    [1250, 12.5],
    [1999, 19.99],
    [-500, -5],
  ])('toAmount(%i) = %d', (cents, amount) => {
    expect(toAmount(cents)).toBe(amount);
  });

  it.each([
    [12.5, 1250],
    [1.005, 101],
    [0.1 + 0.2, 30],
    [12.345, 1235],
    [-1.005, -101],
    [0, 0],
    [-0, 0],
  ])('toCents(%d) = %i', (amount, cents) => {
    expect(toCents(amount)).toBe(cents);
  });

  it('refuses amounts that are not money', () => {
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
    expect(() => toCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => toAmount(1.5)).toThrow(RangeError);
  });

  it('round-trips every whole number of cents through the API edge', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (cents) => {
        expect(toCents(toAmount(cents))).toBe(cents);
      }),
    );
  });

  it('sums exactly where floating point would drift', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100_000 }), { maxLength: 50 }), (values) => {
        expect(sumCents(values)).toBe(values.reduce((a, b) => a + b, 0));
        expect(Number.isSafeInteger(sumCents(values))).toBe(true);
      }),
    );
  });
});
