/**
 * What a (verified) Stripe event means for our payment: a registry of the Checkout events the shop
 * listens to. Every other event, and a completed session still waiting for an asynchronous payment
 * method (payment_status unpaid), means nothing yet.
 */
import type Stripe from 'stripe';
import type { PaymentOutcome, ProviderNotice } from '../payment-gateway.ts';
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

/**
 * A refund made at Stripe (its dashboard) or a dispute opened: what the shop records of a paid payment beyond its
 * outcome. A refund this shop asked for carries its key (`refund_key` in its metadata) and is not news. The payment
 * is found by the PaymentIntent's metadata (`payment_hash`, set on every Checkout Session's PaymentIntent).
 */
export interface ProviderNoticeEvent {
  paymentIntent: string;
  notice: ProviderNotice;
}

export function providerNoticeOf(event: Stripe.Event): ProviderNoticeEvent | null {
  const object = event.data?.object as { object?: string } | undefined;
  if ((event.type === 'refund.created' || event.type === 'refund.updated') && object?.object === 'refund') {
    const refund = object as Stripe.Refund;
    const intent = typeof refund.payment_intent === 'string' ? refund.payment_intent : refund.payment_intent?.id;
    if (!intent || refund.metadata?.refund_key || (refund.status !== 'succeeded' && refund.status !== 'pending')) return null;
    return { paymentIntent: intent, notice: { kind: 'refund', amountCents: refund.amount, currency: refund.currency, reference: refund.id } };
  }
  if (event.type === 'charge.dispute.created' && object?.object === 'dispute') {
    const dispute = object as Stripe.Dispute;
    const intent = typeof dispute.payment_intent === 'string' ? dispute.payment_intent : dispute.payment_intent?.id;
    if (!intent) return null;
    return { paymentIntent: intent, notice: { kind: 'chargeback', amountCents: dispute.amount, currency: dispute.currency, reference: dispute.id } };
  }
  return null;
}
