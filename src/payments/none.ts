/** Nothing to pay (`transaction: false`, spec section 4): straight to the return page. */
import type { PaymentPath } from './payment-path.ts';

export const noPayment: PaymentPath = {
  run(payment, context) {
    context.navigate(`/checkout/return/${encodeURIComponent(payment.hash)}`);
    return true;
  },
};
