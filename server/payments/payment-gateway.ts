/**
 * The one interface every payment adapter implements, and the registry that picks the configured
 * one. The order, payment and settlement code only know this interface; each provider lives in its
 * own folder (test-gateway/, stripe/, paypal/) with its adapter and, when it has any, its routes
 * (provider webhooks, return and cancel addresses), registered under /api only while configured.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { PaymentType } from '../../src/domain/contracts/orders.ts';
import type { Config, PaymentGatewayId } from '../config.ts';
import { AppError } from '../errors.ts';
import { payPalGatewayModule } from './paypal/index.ts';
import { stripeGatewayModule } from './stripe/index.ts';
import { testGatewayModule } from './test-gateway/index.ts';

export interface CreatePaymentInput {
  /** Our payment's public hash; adapters put it on the provider's object (reference / metadata). */
  paymentHash: string;
  amountCents: number;
  currency: string;
  /** Hashes of the orders paid together; the first is where the visitor returns to. */
  orderHashes: string[];
  /** Public address of the storefront (config.publicUrl). */
  publicUrl: string;
  /** The shopper's language (en, nl, es, de, fr), for the provider's pages. */
  language: string;
  /** When our side gives the checkout up (its holds lapse); a provider session should not outlive it by much. */
  expiresAt: Date | null;
  /** The shopper's e-mail, when the provider can prefill it. */
  email: string | null;
}

export interface CreatedPayment {
  type: PaymentType;
  /** What the storefront needs to run the payment (an address, form markup, keys). */
  transaction: { response: Record<string, unknown> };
  /** The provider's id for it (Stripe checkout session, PayPal order), when it has one. */
  providerReference: string | null;
}

/** A payment as an adapter sees it when asked about it again. */
export interface ProviderPayment {
  hash: string;
  providerReference: string | null;
  amountCents: number;
  currency: string;
}

/** What the provider says happened, with the key that makes recording it idempotent. */
export interface ProviderOutcome {
  outcome: 'paid' | 'failed' | 'cancelled';
  /** Unique per fact (e.g. `stripe:session:<id>:paid`), so a repeat is recorded once. */
  eventKey: string;
  payload?: unknown;
}

export interface PaymentGateway {
  id: PaymentGatewayId;
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /**
   * Asks the provider where a payment stands, completing what the shopper already approved (a
   * PayPal capture). null while it is still open. Used when a shopper lands on the return page
   * before (or without) the webhook, so a lost webhook never loses a payment.
   */
  lookup(payment: ProviderPayment): Promise<ProviderOutcome | null>;
  /**
   * Gives a paid payment's money back in full. `idempotencyKey` is stable per refund, so a retry
   * after a crash never refunds twice. Answers the provider's refund id.
   */
  refund(payment: ProviderPayment, idempotencyKey: string): Promise<{ reference: string | null }>;
}

export type GatewayConfig = Pick<Config, 'paymentGateway' | 'testGatewayMode' | 'stripe' | 'paypal'>;

export interface GatewayModule {
  /** Builds the adapter; throws an AppError (PAYMENT_FAILED 503) when its configuration is incomplete. */
  create(config: GatewayConfig): PaymentGateway;
  /** The provider's routes (webhooks, return addresses), registered under /api while it is configured. */
  routes?: FastifyPluginAsync;
}

const GATEWAYS: Partial<Record<PaymentGatewayId, GatewayModule>> = {
  test: testGatewayModule,
  stripe: stripeGatewayModule,
  paypal: payPalGatewayModule,
};

/**
 * The adapter of the configured gateway. A gateway named in the configuration whose adapter does
 * not exist refuses payments with PAYMENT_FAILED 503 rather than pretending.
 */
export function paymentGatewayFor(config: GatewayConfig): PaymentGateway {
  const module = GATEWAYS[config.paymentGateway];
  if (!module) throw new AppError('PAYMENT_FAILED', 503, `The payment gateway "${config.paymentGateway}" is not available`);
  return module.create(config);
}

/** The routes of the configured gateway, if it has any. */
export function paymentGatewayRoutes(config: GatewayConfig): FastifyPluginAsync | null {
  return GATEWAYS[config.paymentGateway]?.routes ?? null;
}
