/**
 * What a (verified) Stripe event means for our payment: a registry of the Checkout events the shop
 * listens to. Every other event, and a completed session still waiting for an asynchronous payment
 * method (payment_status unpaid), means nothing yet.
 */
import type Stripe from 'stripe';
import type { PaymentOutcome } from '../payment-gateway.ts';
import { paymentHashOfSession } from './stripe-session.ts';

type SessionRule = (session: Stripe.Checkout.Session) => PaymentOutcome | null;

const CHECKOUT_EVENTS: Record<string, SessionRule> = {
  'checkout.session.completed': (session) => (session.payment_status === 'paid' ? 'paid' : null),
  'checkout.session.async_payment_succeeded': () => 'paid',
  'checkout.session.async_payment_failed': () => 'failed',
  'checkout.session.expired': () => 'cancelled',
};

export interface CheckoutEventOutcome {
  paymentHash: string;
  outcome: PaymentOutcome;
  /** payment_events key: Stripe's event id, so a redelivery is recorded once. */
  eventKey: string;
  payload: { event: string; type: string; session: string; payment_status: string | null; status: string | null };
  /** What the session took (amount_total, currency): a paid outcome settles only when it is the payment's. */
  session: Pick<Stripe.Checkout.Session, 'amount_total' | 'currency'>;
}

export function checkoutEventOutcome(event: Stripe.Event): CheckoutEventOutcome | null {
  const rule = CHECKOUT_EVENTS[event.type];
  const session = event.data?.object as Stripe.Checkout.Session | undefined;
  if (!rule || !session || session.object !== 'checkout.session') return null;
  const paymentHash = paymentHashOfSession(session);
  const outcome = rule(session);
  if (!paymentHash || !outcome) return null;
  return {
    paymentHash,
    outcome,
    eventKey: `stripe:${event.id}`,
    payload: { event: event.id, type: event.type, session: session.id, payment_status: session.payment_status ?? null, status: session.status ?? null },
    session: { amount_total: session.amount_total ?? null, currency: session.currency ?? null },
  };
}
