/**
 * What a PayPal order or capture means for our payment, as pure rules:
 * an order COMPLETED with a COMPLETED (or since refunded) capture → paid; with a DECLINED or FAILED
 * capture → failed; a PENDING capture is not decided yet; a VOIDED order → cancelled; anything
 * else (CREATED, PAYER_ACTION_REQUIRED, APPROVED before its capture) → still open (null).
 */
import { toAmount, toCents, type Cents } from '#domain/money.ts';
import type { PaymentOutcome } from '../payment-gateway.ts';
import type { PayPalCapture, PayPalOrder } from './paypal-types.ts';

const PAID = new Set(['COMPLETED', 'REFUNDED', 'PARTIALLY_REFUNDED']);
const FAILED = new Set(['DECLINED', 'FAILED']);

/** Our orders have one purchase unit and are captured in full once. */
export function captureOf(order: PayPalOrder): PayPalCapture | null {
  return order.purchase_units[0]?.payments?.captures?.[0] ?? null;
}

export function outcomeOfCapture(capture: Pick<PayPalCapture, 'status'>): PaymentOutcome | null {
  if (PAID.has(capture.status)) return 'paid';
  if (FAILED.has(capture.status)) return 'failed';
  return null;
}

export function outcomeOfOrder(order: PayPalOrder): PaymentOutcome | null {
  if (order.status === 'VOIDED') return 'cancelled';
  if (order.status !== 'COMPLETED') return null;
  const capture = captureOf(order);
  return capture ? outcomeOfCapture(capture) : null;
}

/** The money PayPal says it took is the payment's, to the cent and in its currency. */
export function capturedInFull(capture: Pick<PayPalCapture, 'amount'>, expected: { amountCents: Cents; currency: string }): boolean {
  const amount = capture.amount;
  if (!amount || amount.currency_code !== expected.currency) return false;
  const value = Number(amount.value);
  return Number.isFinite(value) && toCents(value) === expected.amountCents;
}

/** Cents → PayPal's amount value: a string with exactly two decimals (1250 → "12.50"). */
export function paypalValue(cents: Cents): string {
  // cents / 100 is within half a cent of the true value, so toFixed(2) always gives the exact digits.
  return toAmount(cents).toFixed(2);
}
