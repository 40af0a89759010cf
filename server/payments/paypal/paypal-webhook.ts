/**
 * PayPal's webhook deliveries (POST /api/payments/paypal/webhook). Each is first verified by
 * PayPal itself (POST /v1/notifications/verify-webhook-signature with the transmission headers,
 * our webhook id and the event exactly as delivered); anything but SUCCESS is refused with 400
 * WEBHOOK_SIGNATURE_INVALID. Then, by event type:
 *   CHECKOUT.ORDER.APPROVED   → capture the order (idempotent per payment) → its capture's outcome
 *   PAYMENT.CAPTURE.COMPLETED → paid        PAYMENT.CAPTURE.DENIED → failed
 *   CHECKOUT.ORDER.VOIDED     → cancelled   anything else          → ignored
 * The payment is found by custom_id (our payment hash), else by the PayPal order id. Settlement
 * records each fact once (event key `paypal:<event id>`) and changes only what it may, so
 * duplicates and reordered deliveries change the payment once. Unknown events and payments are
 * answered 200 (nothing to do); a failure of ours (database, PayPal unreachable) is a 5xx, so
 * PayPal delivers again later.
 */
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { PaymentRecord } from '../../db/schema/index.ts';
import type { GatewayConfig, GatewaySettlement, PaymentOutcome, ProviderPayment } from '../payment-gateway.ts';
import { PayPalApiError, payPalClientFor } from './paypal-client.ts';
import { createPayPalGateway, payPalSettings, type PayPalGateway } from './paypal-gateway.ts';
import { capturedInFull } from './paypal-outcome.ts';
import { findPayPalPaymentByOrderId } from './paypal.repo.ts';
import { captureSchema, orderSchema, verificationSchema, type PayPalCapture, type PayPalWebhookEvent } from './paypal-types.ts';

/** The transmission headers PayPal signs a delivery with, and the verification field each goes to. */
const SIGNATURE_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

export interface WebhookDelivery {
  headers: Record<string, string | string[] | undefined>;
  /** The body exactly as PayPal sent it: verification is over these bytes, not a re-serialisation. */
  rawBody: string;
  event: PayPalWebhookEvent;
}

export const WEBHOOK_RESULTS = ['settled', 'unchanged', 'ignored'] as const;
export type WebhookResult = (typeof WEBHOOK_RESULTS)[number];

interface Logger {
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
}

export interface PayPalWebhookDeps {
  db: Database;
  /** The checkout's settlement, given by the composition root. */
  settlement: GatewaySettlement;
  config: Pick<GatewayConfig, 'paypal'> & { publicUrl: string };
  logger?: Logger;
}

const invalidSignature = () => new AppError('WEBHOOK_SIGNATURE_INVALID', 400, 'The PayPal webhook signature is not valid');

interface References {
  orderId: string | null;
  /** Our payment hash, as we put it on the order's purchase unit. */
  customId: string | null;
  /** The capture, for capture events. */
  capture: PayPalCapture | null;
}

/** Which PayPal order and which of our payments an event's resource names (an order, or a capture). */
function referencesOf(event: PayPalWebhookEvent): References {
  if (event.event_type.startsWith('CHECKOUT.ORDER.')) {
    const order = orderSchema.safeParse(event.resource);
    if (!order.success) return { orderId: null, customId: null, capture: null };
    return { orderId: order.data.id, customId: order.data.purchase_units[0]?.custom_id ?? null, capture: null };
  }
  const capture = captureSchema.safeParse(event.resource);
  if (!capture.success) return { orderId: null, customId: null, capture: null };
  return { orderId: capture.data.supplementary_data?.related_ids?.order_id ?? null, customId: capture.data.custom_id ?? null, capture: capture.data };
}

const providerPayment = (payment: PaymentRecord): ProviderPayment => ({
  hash: payment.hash,
  providerReference: payment.providerReference,
  amountCents: payment.amountCents,
  currency: payment.currency,
});

export function createPayPalWebhook({ db, settlement, config, logger }: PayPalWebhookDeps) {
  const settings = payPalSettings(config);
  const client = payPalClientFor(settings);
  const gateway: PayPalGateway = createPayPalGateway(config);

  async function verify({ headers, rawBody }: WebhookDelivery): Promise<void> {
    const fields: Record<string, string> = {};
    for (const [field, name] of Object.entries(SIGNATURE_HEADERS)) {
      const value = headers[name];
      if (typeof value !== 'string' || value === '' || value.length > 2000) throw invalidSignature();
      fields[field] = value;
    }
    const envelope = JSON.stringify({ ...fields, webhook_id: settings.webhookId });
    // The event goes in as the delivered text, spliced into the JSON, so PayPal checks its own bytes.
    const body = `${envelope.slice(0, -1)},"webhook_event":${rawBody}}`;
    let status: string;
    try {
      status = (await client.requestRaw('/v1/notifications/verify-webhook-signature', verificationSchema, body)).verification_status;
    } catch (error) {
      // PayPal refusing the fields themselves (a malformed cert url, ...) is a bad delivery; anything
      // else (PayPal down, our credentials refused) is ours to retry.
      if (error instanceof PayPalApiError && (error.status === 400 || error.status === 422)) throw invalidSignature();
      throw new AppError('PAYMENT_FAILED', 502, `PayPal could not verify the webhook: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (status !== 'SUCCESS') throw invalidSignature();
  }

  async function paymentOf(references: { orderId: string | null; customId: string | null }): Promise<PaymentRecord | null> {
    if (references.customId) {
      const payment = await settlement.findPayment(references.customId);
      if (payment?.gateway === 'paypal') return payment;
    }
    return references.orderId ? findPayPalPaymentByOrderId(db, references.orderId) : null;
  }

  type Handler = (context: {
    event: PayPalWebhookEvent;
    payment: PaymentRecord;
    orderId: string | null;
    references: References;
  }) => Promise<PaymentOutcome | null>;

  /** A capture event's money must be the payment's; anything else is logged for a person, not settled. */
  const captureOutcome =
    (outcome: PaymentOutcome): Handler =>
    async ({ event, payment, references }) => {
      const { capture } = references;
      if (outcome === 'paid' && (!capture || !capturedInFull(capture, payment))) {
        logger?.warn({ payment: payment.hash, event: event.id, amount: capture?.amount }, 'PayPal capture does not match the payment; not settled');
        return null;
      }
      return outcome;
    };

  const HANDLERS: Record<string, Handler> = {
    'CHECKOUT.ORDER.APPROVED': async ({ payment, orderId }) => {
      // Paid already (a lookup or an earlier delivery captured it): nothing to capture again.
      if (!orderId || payment.status === 'paid' || payment.status === 'refunded') return null;
      const order = await gateway.capture(orderId, payment.hash);
      return gateway.outcome(order, providerPayment(payment))?.outcome ?? null;
    },
    'PAYMENT.CAPTURE.COMPLETED': captureOutcome('paid'),
    'PAYMENT.CAPTURE.DENIED': captureOutcome('failed'),
    'CHECKOUT.ORDER.VOIDED': async () => 'cancelled',
  };

  return {
    async receive(delivery: WebhookDelivery): Promise<WebhookResult> {
      await verify(delivery);
      const { event } = delivery;
      const handler = HANDLERS[event.event_type];
      if (!handler) return 'ignored';
      const references = referencesOf(event);
      const payment = await paymentOf(references);
      if (!payment) {
        logger?.info({ event: event.id, type: event.event_type, order: references.orderId }, 'PayPal webhook for no payment of ours');
        return 'ignored';
      }
      const outcome = await handler({ event, payment, orderId: references.orderId ?? payment.providerReference, references });
      if (!outcome) return 'ignored';
      const result = await settlement.settle(payment.hash, outcome, {
        key: `paypal:${event.id}`,
        payload: { event_type: event.event_type, order_id: references.orderId, resource_id: event.resource.id ?? null },
      });
      return result?.changed ? 'settled' : 'unchanged';
    },
  };
}
