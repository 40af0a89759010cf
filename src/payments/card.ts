/**
 * CUSTOM with the card gateway, Stripe (spec section 4: a card-payment button): running the path
 * puts the checkout in the card store, and the host in the app shell shows a dialog with the
 * card-payment button. Pressing it loads the provider script — never at start-up, so it costs the
 * shop nothing until someone pays by card — with the shop's publishable key, then the shopper goes
 * to the hosted Checkout page of the session the server opened. Stripe.js 10 has no
 * redirectToCheckout: the session's own address is where Checkout lives.
 */
import { create } from 'zustand';
import type { PaymentContext, PaymentPath } from './payment-path.ts';

export interface CardCheckout {
  /** The publishable key Stripe.js is loaded with. */
  key: string;
  /** The Checkout Session the server opened. */
  session: string;
  /** Its hosted page. */
  url: string;
}

const filled = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** Only a web address is followed: never javascript: or data: markup passed off as one. */
function webAddress(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** What the transaction response must hold for this path to run, or null. */
export function cardCheckout(response: Record<string, unknown> | undefined): CardCheckout | null {
  if (!response || !filled(response.key) || !filled(response.session) || !filled(response.url)) return null;
  const url = webAddress(response.url);
  return url ? { key: response.key, session: response.session, url } : null;
}

/** The card payment waiting for the shopper's button press; client state only. */
export interface CardState {
  checkout: { card: CardCheckout; context: PaymentContext } | null;
  cardRequested(card: CardCheckout, context: PaymentContext): void;
  cardDismissed(): void;
}

export const useCardStore = create<CardState>()((set) => ({
  checkout: null,
  cardRequested: (card, context) => set({ checkout: { card, context } }),
  cardDismissed: () => set({ checkout: null }),
}));

export const cardPayment = {
  /** The browser leaves the shop; a seam tests replace. */
  leaveTo(url: string): void {
    window.location.assign(url);
  },
  /** Stripe.js, fetched from js.stripe.com by @stripe/stripe-js, started with the publishable key. */
  async loadProvider(key: string): Promise<void> {
    const { loadStripe } = await import('@stripe/stripe-js');
    if (!(await loadStripe(key))) throw new Error('Stripe.js is not available');
  },
  run(payment, context) {
    const checkout = cardCheckout(payment.transaction ? payment.transaction.response : undefined);
    if (!checkout) return false;
    useCardStore.getState().cardRequested(checkout, context);
    return true;
  },
  /** The card-payment button: Stripe.js, then the hosted page; a script that does not load fails the payment. */
  pay(checkout: CardCheckout, context: PaymentContext): Promise<void> {
    return cardPayment.loadProvider(checkout.key).then(
      () => cardPayment.leaveTo(checkout.url),
      (error: unknown) => {
        useCardStore.getState().cardDismissed();
        context.fail(error);
      },
    );
  },
} satisfies PaymentPath & {
  leaveTo(url: string): void;
  loadProvider(key: string): Promise<void>;
  pay(checkout: CardCheckout, context: PaymentContext): Promise<void>;
};
