/**
 * Stripe's routes, registered under /api only while PAYMENT_GATEWAY=stripe:
 * POST /api/payments/stripe/webhook              Stripe's events, verified on the raw body with the
 *                                                webhook secret; settles the payment once per fact
 * GET  /api/payments/stripe/cancel/{paymentHash}  the Checkout page's "back" link: changes nothing,
 *                                                303 → /checkout/return/{first order}, where the order
 *                                                waits (and can be paid again) until its hold lapses
 * POST /api/payments/stripe/cancel/{paymentHash}  cancels on purpose: expires the session at Stripe,
 *                                                settles, 303 → /checkout/return/{first order}
 * A webhook is answered 2xx whenever nothing should change (an event we do not use, a payment we do
 * not know, a "paid" whose amount or currency is not the payment's), so Stripe stops sending it; 5xx
 * only when we could not record it, so Stripe retries. A payment that does not match is logged as an
 * error for a person to look at (and refund at Stripe): sending it again would not change it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { z } from 'zod';
import { AppError, notFound } from '../../errors.ts';
import type { PaymentRecord } from '../../db/schema/index.ts';
import { bodilessResponse } from '../../openapi/openapi-document.ts';
import { okSchema, refusalResponses } from '../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../plugins/zod-type-provider.ts';
import type { GatewaySettlement, ProviderOutcome, ProviderPayment } from '../payment-gateway.ts';
import { stripeSdk, stripeSetup } from './stripe-client.ts';
import { checkoutEventOutcome, providerNoticeOf } from './stripe-events.ts';
import { createStripeGateway } from './stripe-gateway.ts';
import { sessionOutcome, sessionPaysInFull } from './stripe-session.ts';
import { access } from '../../openapi/api-description.ts';

const cancelParams = z.object({ paymentHash: z.string().min(1).max(200) });
// The raw text (see the parser below): Stripe's event JSON, only trusted once its signature checks out.
const webhookBody = z.string().describe('A Stripe event (JSON), verified over its exact bytes with the Stripe-Signature header');

const invalidSignature = () => new AppError('WEBHOOK_SIGNATURE_INVALID', 400, 'The Stripe-Signature header does not match this body');

const providerPayment = (payment: PaymentRecord): ProviderPayment => ({
  hash: payment.hash,
  providerReference: payment.providerReference,
  amountCents: payment.amountCents,
  currency: payment.currency,
});

export const stripeRoutes =
  (settlement: GatewaySettlement): ZodRoutes =>
  async (app) => {
    // Resolved per request: without its keys the shop still starts, and these routes answer 503.
    const setup = () => stripeSetup(app.config.stripe);

    // The signature covers the body exactly as Stripe sent it, so the webhook needs it unparsed. This
    // parser lives in this plugin's scope only (encapsulation); the rest of the API keeps parsing JSON.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

    async function verifiedEvent(body: unknown, signature: unknown): Promise<Stripe.Event> {
      const { stripe, webhookSecret } = setup();
      if (typeof signature !== 'string' || signature === '') throw invalidSignature();
      try {
        return await stripe.webhooks.constructEventAsync(typeof body === 'string' ? body : '', signature, webhookSecret);
      } catch (error) {
        if (error instanceof stripeSdk().errors.StripeSignatureVerificationError) throw invalidSignature();
        // Signed by Stripe yet not an event (not JSON): nothing a retry would change.
        throw new AppError('BAD_REQUEST', 400, 'The webhook body is not a Stripe event');
      }
    }

    app.post(
      '/payments/stripe/webhook',
      {
        schema: {
          operationId: 'receiveStripeWebhook',
          summary: "Stripe's payment events (signed with the webhook secret)",
          tags: ['payments'],
          security: access.public,
          body: webhookBody,
          response: { 200: okSchema, ...refusalResponses },
        },
      },
      async (request) => {
        const event = await verifiedEvent(request.body, request.headers['stripe-signature']);
        const notice = providerNoticeOf(event);
        if (notice) {
          // The payment is the PaymentIntent's: its metadata names our payment.
          const intent = await setup().stripe.paymentIntents.retrieve(notice.paymentIntent);
          const paymentHash = intent.metadata?.payment_hash;
          if (!paymentHash || !(await settlement.providerNotice(paymentHash, notice.notice, { gateway: 'stripe' })))
            request.log.info({ event: event.id, type: event.type }, 'stripe: a refund or dispute already recorded, or of no payment of ours');
          return { ok: true } as const;
        }
        const outcome = checkoutEventOutcome(event);
        if (!outcome) return { ok: true } as const;
        const payment = await settlement.findPayment(outcome.paymentHash);
        if (!payment || payment.gateway !== 'stripe') {
          request.log.warn({ event: event.id, type: event.type }, 'stripe: event for a payment this shop does not know');
          return { ok: true } as const;
        }
        if (outcome.outcome === 'paid' && !sessionPaysInFull(outcome.session, payment)) {
          request.log.error(
            { event: event.id, payment: payment.hash, expected: { amount: payment.amountCents, currency: payment.currency }, paid: outcome.session },
            'stripe: the amount or currency paid is not the payment’s; not settled',
          );
          return { ok: true } as const;
        }
        await settlement.settle(payment.hash, outcome.outcome, { key: outcome.eventKey, payload: outcome.payload });
        return { ok: true } as const;
      },
    );

    /**
     * The shopper left the Checkout page. Expiring the session first means it can no longer be paid
     * behind our back; when Stripe refuses (it completed meanwhile) we settle what it says instead.
     */
    async function cancelOutcome(payment: PaymentRecord, log: FastifyBaseLogger): Promise<ProviderOutcome | null> {
      const cancelledHere: ProviderOutcome = { outcome: 'cancelled', eventKey: `stripe:cancel:${payment.hash}`, payload: { cancel: true } };
      const sessionId = payment.providerReference;
      if (!sessionId) return cancelledHere;
      const current = setup();
      try {
        return sessionOutcome(await current.stripe.checkout.sessions.expire(sessionId), payment) ?? cancelledHere;
      } catch (error) {
        if (!(error instanceof stripeSdk().errors.StripeInvalidRequestError)) {
          // Stripe is out of reach: cancelled here anyway; money that still arrives is handled as late.
          log.warn({ err: error, session: sessionId }, 'stripe: could not expire the checkout session');
          return cancelledHere;
        }
      }
      // Stripe would not expire it: it completed (or expired) meanwhile. null: an asynchronous payment
      // method is still under way, so it stays pending for its webhook.
      try {
        return await createStripeGateway(current).lookup(providerPayment(payment));
      } catch (error) {
        log.warn({ err: error, session: sessionId }, 'stripe: could not look the checkout session up');
        return cancelledHere;
      }
    }

    const stripePayment = async (hash: string): Promise<PaymentRecord> => {
      const payment = await settlement.findPayment(hash);
      if (!payment || payment.gateway !== 'stripe') throw notFound('No such payment');
      return payment;
    };
    const returnTo = async (payment: PaymentRecord) => `/checkout/return/${encodeURIComponent((await settlement.firstOrderHash(payment.id)) ?? '')}`;

    // A GET never changes anything: link checkers and prefetching browsers follow links too.
    app.get(
      '/payments/stripe/cancel/:paymentHash',
      {
        schema: {
          operationId: 'leaveStripePayment',
          summary: 'Where Stripe sends a buyer who goes back: redirects to the shop, changing nothing',
          tags: ['payments'],
          security: access.public,
          hide: true,
          params: cancelParams,
          response: { 303: bodilessResponse('To /checkout/return/{first order hash}'), ...refusalResponses },
        },
      },
      async (request, reply) => {
        const payment = await stripePayment(request.params.paymentHash);
        return reply.header('cache-control', 'no-store').redirect(await returnTo(payment), 303);
      },
    );

    app.post(
      '/payments/stripe/cancel/:paymentHash',
      {
        schema: {
          operationId: 'cancelStripePayment',
          summary: 'Cancels a pending Stripe payment: expires its session at Stripe, then redirects to the shop',
          tags: ['payments'],
          security: access.public,
          hide: true,
          params: cancelParams,
          response: { 303: bodilessResponse('To /checkout/return/{first order hash}'), ...refusalResponses },
        },
      },
      async (request, reply) => {
        const payment = await stripePayment(request.params.paymentHash);
        const outcome = payment.status === 'pending' ? await cancelOutcome(payment, request.log) : null;
        if (outcome) await settlement.settle(payment.hash, outcome.outcome, { key: outcome.eventKey, payload: outcome.payload });
        return reply.header('cache-control', 'no-store').redirect(await returnTo(payment), 303);
      },
    );
  };
