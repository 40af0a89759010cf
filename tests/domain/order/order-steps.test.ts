import { describe, expect, it } from 'vitest';
import { canEnter, nextStep, previousStep, productOrderSteps } from '#domain/order/order-steps.ts';

describe('productOrderSteps', () => {
  it.each([
    [{ hasDays: false, hasUpsells: false, hasCrossSells: false }, ['quantity', 'customer', 'checkout']],
    [{ hasDays: true, hasUpsells: false, hasCrossSells: false }, ['quantity', 'plot', 'customer', 'checkout']],
    [{ hasDays: false, hasUpsells: true, hasCrossSells: true }, ['quantity', 'upsells', 'cross_sells', 'customer', 'checkout']],
    [{ hasDays: true, hasUpsells: true, hasCrossSells: true }, ['quantity', 'plot', 'upsells', 'cross_sells', 'customer', 'checkout']],
  ])('%o', (input, expected) => {
    expect(productOrderSteps(input)).toEqual(expected);
  });
});

describe('moving between steps', () => {
  const full = productOrderSteps({ hasDays: true, hasUpsells: true, hasCrossSells: false });
  const bare = productOrderSteps({ hasDays: false, hasUpsells: false, hasCrossSells: false });

  it.each([
    [full, 'quantity', 'plot'],
    [full, 'plot', 'upsells'],
    [full, 'upsells', 'customer'],
    [full, 'customer', 'checkout'],
    [full, 'checkout', null],
    [bare, 'quantity', 'customer'],
    [bare, 'plot', null],
  ] as const)('next of %s → %s', (steps, current, expected) => {
    expect(nextStep(steps, current)).toBe(expected);
  });

  it.each([
    [full, 'quantity', 'exit'],
    [full, 'plot', 'quantity'],
    [full, 'customer', 'upsells'],
    [full, 'checkout', 'customer'],
    [bare, 'customer', 'quantity'],
    [bare, 'upsells', 'exit'],
  ] as const)('previous of %s → %s', (steps, current, expected) => {
    expect(previousStep(steps, current)).toBe(expected);
  });

  it.each([
    [full, 'plot', true],
    [full, 'cross_sells', false],
    [bare, 'plot', false],
    [bare, 'checkout', true],
  ] as const)('can enter %s: %s', (steps, step, expected) => {
    expect(canEnter(steps, step)).toBe(expected);
  });
});
