import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { donationQuantity, parseDonationInput, stepDonation } from '#domain/order/donation.ts';

describe('parseDonationInput', () => {
  it.each([
    ['10', 1000],
    ['10.5', 1050],
    ['10,5', 1050],
    ['€ 12,34', 1234],
    ['-5', 500],
    ['1.005', 101],
    ['2.994', 299],
    ['abc', 0],
    ['', 0],
    ['.', 0],
    ['1.2.3', 0],
    ['0', 0],
    [',75', 75],
  ])('%j → %d cents', (input, expected) => {
    expect(parseDonationInput(input)).toBe(expected);
  });

  it('is never negative and always whole cents', () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const cents = parseDonationInput(input);
        expect(Number.isSafeInteger(cents)).toBe(true);
        expect(cents).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('reads back any amount with 2 decimals exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.boolean(), (cents, comma) => {
        const text = (cents / 100).toFixed(2);
        expect(parseDonationInput(comma ? text.replace('.', ',') : text)).toBe(cents);
      }),
    );
  });
});

describe('stepDonation', () => {
  it.each([
    [0, 500, 1, 500],
    [500, 500, 1, 1000],
    [1000, 500, -1, 500],
    [300, 500, -1, 0],
    [0, 500, -1, 0],
    [250, 0, 1, 250],
    [250, -100, 1, 250],
  ] as const)('%d by %d × %d → %d', (cents, step, direction, expected) => {
    expect(stepDonation(cents, step, direction)).toBe(expected);
  });

  it('never goes below 0', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.constantFrom(1 as const, -1 as const),
        (cents, step, direction) => {
          expect(stepDonation(cents, step, direction)).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('donationQuantity', () => {
  it.each([
    [0, 0],
    [1, 1],
    [2500, 1],
  ])('%d → %d', (cents, expected) => {
    expect(donationQuantity(cents)).toBe(expected);
  });
});
