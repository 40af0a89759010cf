/**
 * FORM (spec section 4): the gateway sends the markup of a form (base64); it is put into the page
 * and its submit button is clicked after 250 ms, so the browser posts it to the payment provider.
 */
import type { PaymentPath } from './payment-path.ts';

export const FORM_SUBMIT_DELAY_MS = 250;

/** base64 → text, as UTF-8 (atob alone would garble anything outside Latin-1). */
function decodeBase64(value: string): string | null {
  try {
    const bytes = Uint8Array.from(atob(value), (char) => char.charCodeAt(0));
    return new TextDecoder().decode(bytes);
  } catch {
    return null;
  }
}

export const formPayment: PaymentPath = {
  run(payment) {
    const encoded = payment.transaction ? payment.transaction.response.form : undefined;
    const markup = typeof encoded === 'string' ? decodeBase64(encoded) : null;
    if (!markup) return false;
    const holder = document.createElement('div');
    holder.className = 'payment-form';
    holder.hidden = true;
    // Markup set this way never runs scripts; the form only needs to be posted.
    holder.innerHTML = markup;
    const form = holder.querySelector('form');
    if (!form) return false;
    document.body.append(holder);
    const submit = form.querySelector<HTMLElement>('button[type="submit"], input[type="submit"], button:not([type])');
    setTimeout(() => (submit ? submit.click() : form.requestSubmit()), FORM_SUBMIT_DELAY_MS);
    return true;
  },
};
