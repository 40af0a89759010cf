/**
 * The Stripe adapter: every checkout is paid on a Stripe-hosted Checkout page. createPayment opens a
 * Checkout Session for the whole checkout (one line: its amount), answered to the storefront as a
 * CUSTOM payment with the publishable key, the session id and the page's address; lookup asks the
 * session where it stands; refund gives back the session's PaymentIntent, in full or the part asked.
 */
import type Stripe from 'stripe';
import { AppError } from '../../errors.ts';
import type { CreatedPayment, CreatePaymentInput, PaymentGateway, ProviderPayment } from '../payment-gateway.ts';
import { stripeSdk, type StripeSetup } from './stripe-client.ts';
import { checkoutLocale, paymentHashOfSession, sessionExpiresAt, sessionOutcome } from './stripe-session.ts';

export const STRIPE_CANCEL_PATH = '/api/payments/stripe/cancel';

/**
 * Stable per attempt: the SDK's retries of one create answer the same session. Stripe refuses a key
 * reused with other parameters, so a later attempt (a resumed payment whose first session was opened
 * but never handed to anyone, e.g. a crash before it was saved) carries its own expiry in the key and
 * opens a fresh session; the unseen one just expires.
 */
export const sessionIdempotencyKey = (paymentHash: string, expiresAt: number) => `checkout-session:${paymentHash}:${expiresAt}`;

/** A refusal or outage at Stripe, for the shopper: the payment could not be started or checked. */
async function atStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof stripeSdk().errors.StripeError) {
      throw new AppError('PAYMENT_FAILED', 502, `Stripe refused to ${what}: ${error.message}`);
    }
    throw error;
  }
}

export interface StripeGatewayOptions {
  /** Stripe checks expires_at against its own clock, so this is real time, not the shop's clock. */
  now?: () => Date;
}

export function createStripeGateway({ stripe, publishableKey }: StripeSetup, { now = () => new Date() }: StripeGatewayOptions = {}): PaymentGateway {
  async function retrieveSession(payment: ProviderPayment): Promise<Stripe.Checkout.Session | null> {
    if (!payment.providerReference) return null;
    const session = await atStripe('find the checkout session', () => stripe.checkout.sessions.retrieve(payment.providerReference as string));
    // A session that is not this payment's is never taken as its answer.
    return paymentHashOfSession(session) === payment.hash ? session : null;
  }

  return {
    id: 'stripe',

    async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
      const [firstOrder] = input.orderHashes;
      if (!firstOrder) throw new Error('a payment without orders');
      const expiresAt = sessionExpiresAt(input.expiresAt, now());
      const session = await atStripe('start the payment', () =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: input.currency.toLowerCase(),
                  unit_amount: input.amountCents,
                  product_data: { name: `Order ${firstOrder.slice(0, 8).toUpperCase()}` },
                },
              },
            ],
            client_reference_id: input.paymentHash,
            metadata: { payment_hash: input.paymentHash },
            payment_intent_data: { metadata: { payment_hash: input.paymentHash } },
            success_url: `${input.publicUrl}/checkout/return/${encodeURIComponent(firstOrder)}`,
            cancel_url: `${input.publicUrl}${STRIPE_CANCEL_PATH}/${encodeURIComponent(input.paymentHash)}`,
            locale: checkoutLocale(input.language),
            ...(input.email ? { customer_email: input.email } : {}),
            expires_at: expiresAt,
          },
          { idempotencyKey: sessionIdempotencyKey(input.paymentHash, expiresAt) },
        ),
      );
      if (!session.url) throw new AppError('PAYMENT_FAILED', 502, 'Stripe answered a checkout session without a page');
      return {
        type: 'CUSTOM',
        transaction: { response: { key: publishableKey, session: session.id, url: session.url } },
        providerReference: session.id,
      };
    },

    async lookup(payment) {
      const session = await retrieveSession(payment);
      return session ? sessionOutcome(session, payment) : null;
    },

    async refund(payment, idempotencyKey, amountCents) {
      const session = await retrieveSession(payment);
      const paymentIntent = typeof session?.payment_intent === 'string' ? session.payment_intent : session?.payment_intent?.id;
      if (!paymentIntent) throw new AppError('PAYMENT_FAILED', 409, `Stripe has no payment to refund for ${payment.hash}`);
      // The whole payment: no amount (Stripe refunds the PaymentIntent in full); part of it: that amount.
      const amount = amountCents < payment.amountCents ? { amount: amountCents } : {};
      const refund = await atStripe('refund the payment', () =>
        // Its key in the metadata: when Stripe reports the refund back (refund.created), it is known as the shop's own.
        stripe.refunds.create(
          { payment_intent: paymentIntent, ...amount, metadata: { payment_hash: payment.hash, refund_key: idempotencyKey } },
          { idempotencyKey },
        ),
      );
      return { reference: refund.id };
    },
  };
}
