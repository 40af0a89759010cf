/**
 * The payment dispatcher (spec section 4, Order status): a registry of payment paths keyed by
 * payment type, or by `CUSTOM:<gateway>` for the provider-specific paths, and `none` when there
 * is nothing to pay. A payment whose key is not registered is unexpected: the caller shows the
 * order-failed modal. The CUSTOM card / wallet gateways register here with their adapters.
 */
import type { OrderPayment, PaymentType } from '#domain/contracts/orders.ts';
import { postToHost } from '../embed/embedded.ts';
import { cardPayment } from './card.ts';
import { formPayment } from './form.ts';
import { noPayment } from './none.ts';
import type { PaymentContext, PaymentPath } from './payment-path.ts';
import { redirectPayment } from './redirect.ts';
import { walletPayment } from './wallet/wallet-payment.ts';

export type PaymentKey = 'none' | Exclude<PaymentType, 'CUSTOM'> | `CUSTOM:${string}`;

export const paymentPaths: Partial<Record<PaymentKey, PaymentPath>> = {
  none: noPayment,
  REDIRECT: redirectPayment,
  FORM: formPayment,
  'CUSTOM:stripe': cardPayment,
  'CUSTOM:paypal': walletPayment,
};

export function paymentKey(payment: OrderPayment): PaymentKey {
  if (payment.transaction === false) return 'none';
  return payment.type === 'CUSTOM' ? `CUSTOM:${payment.gateway}` : payment.type;
}

export type DispatchResult = { ok: true } | { ok: false; key: PaymentKey };

export function dispatchPayment(payment: OrderPayment, context: PaymentContext): DispatchResult {
  const key = paymentKey(payment);
  // In an embed frame the provider's page never opens inside it: the embedding site takes its top
  // window to the shop's /embed/pay/{payment}, which runs this same dispatcher there.
  if (key !== 'none' && postToHost({ type: 'shop:pay', payment: payment.hash })) return { ok: true };
  const path = paymentPaths[key];
  return path?.run(payment, context) ? { ok: true } : { ok: false, key };
}
