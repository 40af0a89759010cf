import { describe, expect, it } from 'vitest';
import { rebookAmountCents } from '#domain/order/rebooking.ts';

describe('rebookAmountCents', () => {
  const paid = { totalCents: 7100, additionsCents: 100 };
  it('asks only the rebooking additions for a booking of the same price', () => {
    expect(rebookAmountCents(paid, { totalCents: 7250, additionsCents: 250 })).toBe(250);
  });
  it('adds the difference of a dearer booking', () => {
    expect(rebookAmountCents(paid, { totalCents: 10750, additionsCents: 250 })).toBe(3500 + 250);
  });
  it('gives no money back for a cheaper one', () => {
    expect(rebookAmountCents(paid, { totalCents: 3750, additionsCents: 250 })).toBe(250);
    expect(rebookAmountCents(paid, { totalCents: 3500, additionsCents: 0 })).toBe(0);
  });
});
