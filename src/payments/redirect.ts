/** REDIRECT (spec section 4): the gateway names an address; the browser goes there. */
import type { PaymentPath } from './payment-path.ts';

export const redirectPayment = {
  /** The browser leaves the shop; a seam tests replace. */
  leaveTo(url: string): void {
    window.location.assign(url);
  },
  run(payment) {
    const url = payment.transaction ? payment.transaction.response.url : undefined;
    if (typeof url !== 'string' || url === '') return false;
    redirectPayment.leaveTo(url);
    return true;
  },
} satisfies PaymentPath & { leaveTo(url: string): void };
