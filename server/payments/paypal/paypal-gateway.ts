/**
 * The PayPal adapter (PAYMENT_GATEWAY=paypal), on Orders v2:
 * - createPayment creates an order (intent CAPTURE, one purchase unit in EUR, custom_id and
 *   invoice_id = our payment hash; PayPal-Request-Id = the hash, so a retry gets the same order)
 *   and answers CUSTOM with what the storefront's PayPal buttons need;
 * - lookup reads the order and captures it once the buyer approved it (PayPal-Request-Id
 *   `capture-<hash>`, so concurrent lookups, webhooks and processes capture once);
 * - refund gives the order's capture back, in full or the part asked, under the caller's idempotency key.
 */
import type { GatewayConfig, PaymentGateway, ProviderOutcome, ProviderPayment } from '../payment-gateway.ts';
import { AppError } from '../../errors.ts';
import { payPalClientFor, PayPalApiError } from './paypal-client.ts';
import { captureOf, capturedInFull, outcomeOfOrder, paypalValue } from './paypal-outcome.ts';
import { orderSchema, refundSchema, type PayPalOrder } from './paypal-types.ts';

/** Spec section 9: the wallet payment currency is fixed to EUR. */
export const PAYPAL_CURRENCY = 'EUR';

export const captureRequestId = (paymentHash: string) => `capture-${paymentHash}`;

export interface PayPalGateway extends PaymentGateway {
  /** Captures an approved order (idempotent per payment) and answers the order as it then stands. */
  capture(orderId: string, paymentHash: string): Promise<PayPalOrder>;
  /** What the order, as PayPal answered it, means for the payment; null while open. */
  outcome(order: PayPalOrder, payment: ProviderPayment): ProviderOutcome | null;
}

/** The PayPal settings the adapter needs, or the 503 every use of an incomplete configuration answers. */
export function payPalSettings(config: Pick<GatewayConfig, 'paypal'>) {
  const { clientId, clientSecret, webhookId, apiBase } = config.paypal;
  const missing = [!clientId && 'PAYPAL_CLIENT_ID', !clientSecret && 'PAYPAL_CLIENT_SECRET', !webhookId && 'PAYPAL_WEBHOOK_ID'].filter(Boolean);
  if (!clientId || !clientSecret || !webhookId) {
    throw new AppError('PAYMENT_FAILED', 503, `PayPal is not configured (${missing.join(', ')} missing)`);
  }
  return { clientId, clientSecret, webhookId, apiBase };
}

const orderPath = (orderId: string) => `/v2/checkout/orders/${encodeURIComponent(orderId)}`;

export function createPayPalGateway(config: Pick<GatewayConfig, 'paypal'>): PayPalGateway {
  const settings = payPalSettings(config);
  const api = payPalClientFor(settings);

  const getOrder = (orderId: string) => api.request('GET', orderPath(orderId), orderSchema);

  async function capture(orderId: string, paymentHash: string): Promise<PayPalOrder> {
    try {
      return await api.request('POST', `${orderPath(orderId)}/capture`, orderSchema, { body: {}, requestId: captureRequestId(paymentHash) });
    } catch (error) {
      // 422: captured already (another process, PayPal's dashboard), not approved (any more), or
      // the buyer's funding declined. Not an error of ours: the order itself says where it stands.
      if (error instanceof PayPalApiError && error.status === 422) return getOrder(orderId);
      throw error;
    }
  }

  function outcome(order: PayPalOrder, payment: ProviderPayment): ProviderOutcome | null {
    const told = outcomeOfOrder(order);
    if (!told) return null;
    const captured = captureOf(order);
    if (told === 'paid' && captured && !capturedInFull(captured, payment)) {
      // Never the case for an order we created; if it is, a person has to look, not the shop decide.
      throw new Error(`PayPal captured ${captured.amount?.value} ${captured.amount?.currency_code} for payment ${payment.hash}, not its amount`);
    }
    return {
      outcome: told,
      eventKey: `paypal:order:${order.id}:${told}`,
      payload: { order_id: order.id, order_status: order.status, capture_id: captured?.id ?? null, capture_status: captured?.status ?? null },
    };
  }

  return {
    id: 'paypal',
    capture,
    outcome,

    async createPayment(input) {
      if (input.currency !== PAYPAL_CURRENCY) {
        throw new AppError('PAYMENT_FAILED', 503, `PayPal payments are taken in ${PAYPAL_CURRENCY} only; this shop charges in ${input.currency}`);
      }
      const [firstOrder] = input.orderHashes;
      let order: PayPalOrder;
      try {
        order = await api.request('POST', '/v2/checkout/orders', orderSchema, {
          requestId: input.paymentHash,
          body: {
            intent: 'CAPTURE',
            purchase_units: [
              {
                reference_id: input.paymentHash,
                custom_id: input.paymentHash,
                invoice_id: input.paymentHash,
                amount: { currency_code: PAYPAL_CURRENCY, value: paypalValue(input.amountCents) },
              },
            ],
            // Tickets are not shipped; the buttons' popup should end with "Pay now".
            payment_source: { paypal: { experience_context: { shipping_preference: 'NO_SHIPPING', user_action: 'PAY_NOW' } } },
          },
        });
      } catch (error) {
        throw new AppError('PAYMENT_FAILED', 502, `PayPal did not create the order: ${error instanceof Error ? error.message : String(error)}`);
      }
      return {
        type: 'CUSTOM',
        transaction: {
          response: {
            client_id: settings.clientId,
            order_id: order.id,
            currency: PAYPAL_CURRENCY,
            return_url: `/checkout/return/${encodeURIComponent(firstOrder ?? '')}`,
          },
        },
        providerReference: order.id,
      };
    },

    async lookup(payment) {
      if (!payment.providerReference) return null;
      const order = await getOrder(payment.providerReference);
      if (order.status !== 'APPROVED') return outcome(order, payment);
      return outcome(await capture(order.id, payment.hash), payment);
    },

    async refund(payment, idempotencyKey, amountCents) {
      if (!payment.providerReference) throw new Error(`payment ${payment.hash} has no PayPal order`);
      const captured = captureOf(await getOrder(payment.providerReference));
      if (!captured) throw new Error(`PayPal order ${payment.providerReference} has no capture to refund`);
      try {
        // The whole payment: no amount (PayPal refunds what is left of the capture); part of it: that amount.
        const body =
          amountCents < payment.amountCents ? { amount: { value: (amountCents / 100).toFixed(2), currency_code: payment.currency.toUpperCase() } } : {};
        const refund = await api.request('POST', `/v2/payments/captures/${encodeURIComponent(captured.id)}/refund`, refundSchema, {
          body,
          requestId: idempotencyKey,
        });
        return { reference: refund.id };
      } catch (error) {
        // Refunded already (by hand, in PayPal's dashboard): the money is back, which is what was asked.
        if (error instanceof PayPalApiError && error.issue === 'CAPTURE_FULLY_REFUNDED') return { reference: null };
        throw error;
      }
    },
  };
}
