/** What PayPal's order and capture statuses mean for a payment, and PayPal's amount format (pure rules). */
import { describe, expect, it } from 'vitest';
import { capturedInFull, outcomeOfOrder, paypalValue } from '../../../server/payments/paypal/paypal-outcome.ts';
import type { PayPalOrder } from '../../../server/payments/paypal/paypal-types.ts';

const order = (status: string, captureStatus?: string): PayPalOrder => ({
  id: 'ORDER1',
  status,
  purchase_units: [{ custom_id: 'h', payments: captureStatus ? { captures: [{ id: 'CAP1', status: captureStatus }] } : undefined }],
});

describe('outcomeOfOrder', () => {
  it.each([
    ['CREATED', undefined, null],
    ['PAYER_ACTION_REQUIRED', undefined, null],
    ['SAVED', undefined, null],
    ['APPROVED', undefined, null],
    ['COMPLETED', 'COMPLETED', 'paid'],
    ['COMPLETED', 'REFUNDED', 'paid'],
    ['COMPLETED', 'PARTIALLY_REFUNDED', 'paid'],
    ['COMPLETED', 'DECLINED', 'failed'],
    ['COMPLETED', 'FAILED', 'failed'],
    ['COMPLETED', 'PENDING', null],
    ['COMPLETED', undefined, null],
    ['VOIDED', undefined, 'cancelled'],
  ])('an order %s with a capture %s is %s', (status, captureStatus, outcome) => {
    expect(outcomeOfOrder(order(status, captureStatus))).toBe(outcome);
  });
});

describe('amounts', () => {
  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [10, '0.10'],
    [1005, '10.05'],
    [1395, '13.95'],
    [100_000_000_099, '1000000000.99'],
  ])('%i cents is "%s"', (cents, value) => {
    expect(paypalValue(cents)).toBe(value);
  });

  it('checks a capture took exactly the payment, in its currency', () => {
    const payment = { amountCents: 1395, currency: 'EUR' };
    expect(capturedInFull({ amount: { currency_code: 'EUR', value: '13.95' } }, payment)).toBe(true);
    expect(capturedInFull({ amount: { currency_code: 'EUR', value: '13.94' } }, payment)).toBe(false);
    expect(capturedInFull({ amount: { currency_code: 'USD', value: '13.95' } }, payment)).toBe(false);
    expect(capturedInFull({ amount: { currency_code: 'EUR', value: 'lots' } }, payment)).toBe(false);
    expect(capturedInFull({}, payment)).toBe(false);
  });
});
