/**
 * Pure rules about a Stripe Checkout Session: when it should expire, which locale its page speaks,
 * and what a retrieved session says about our payment.
 */
import type Stripe from 'stripe';
import { LANGUAGES } from '#domain/languages.ts';
import type { ProviderOutcome } from '../payment-gateway.ts';

/** Stripe accepts expires_at from 30 minutes to 24 hours after it creates the session (its own clock). */
const MIN_SECONDS = 30 * 60;
const MAX_SECONDS = 24 * 60 * 60;
/** Room for the request's own travel time, so "30 minutes from now" is still 30 minutes when it arrives. */
const MARGIN_SECONDS = 60;

/**
 * The session's expires_at (epoch seconds): when our checkout gives up (its holds lapse), but never
 * sooner than Stripe's minimum nor later than its maximum. A session outliving the holds is fine:
 * money that arrives after they lapsed takes the places again or is refunded (server/modules/checkout/settlement.ts).
 */
export function sessionExpiresAt(checkoutExpiresAt: Date | null, now: Date): number {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const earliest = nowSeconds + MIN_SECONDS + MARGIN_SECONDS;
  const latest = nowSeconds + MAX_SECONDS - MARGIN_SECONDS;
  const wanted = checkoutExpiresAt ? Math.ceil(checkoutExpiresAt.getTime() / 1000) : earliest;
  return Math.min(Math.max(wanted, earliest), latest);
}

/** The shop's languages are all Checkout locales; anything else lets Stripe pick from the browser. */
export function checkoutLocale(language: string): Stripe.Checkout.SessionCreateParams.Locale {
  return (LANGUAGES as readonly string[]).includes(language) ? (language as Stripe.Checkout.SessionCreateParams.Locale) : 'auto';
}

/** Our payment hash as it was put on the session. */
export function paymentHashOfSession(session: Pick<Stripe.Checkout.Session, 'metadata' | 'client_reference_id'>): string | null {
  return session.metadata?.payment_hash || session.client_reference_id || null;
}

/** The money the session took is the payment's, to the cent and in its currency. */
export function sessionPaysInFull(
  session: Pick<Stripe.Checkout.Session, 'amount_total' | 'currency'>,
  expected: { amountCents: number; currency: string },
): boolean {
  return session.amount_total === expected.amountCents && (session.currency ?? '').toUpperCase() === expected.currency.toUpperCase();
}

/**
 * Where a session stands: paid (only when it took the payment's amount in its currency), given up
 * at Stripe (expired), or still open or not to be trusted (null: nothing is settled).
 */
export function sessionOutcome(
  session: Pick<Stripe.Checkout.Session, 'id' | 'status' | 'payment_status' | 'amount_total' | 'currency'>,
  expected: { amountCents: number; currency: string },
): ProviderOutcome | null {
  if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') {
    if (!sessionPaysInFull(session, expected)) return null;
    return { outcome: 'paid', eventKey: `stripe:session:${session.id}:paid`, payload: { session: session.id, payment_status: session.payment_status } };
  }
  if (session.status === 'expired') {
    return { outcome: 'cancelled', eventKey: `stripe:session:${session.id}:expired`, payload: { session: session.id, status: session.status } };
  }
  return null;
}
