/**
 * The one interface every payment adapter implements. The checkout (server/modules/checkout) only
 * knows this interface; each provider lives in its own folder (test-gateway/, stripe/, paypal/)
 * with its adapter and, when it has any, its routes (provider webhooks, return and cancel
 * addresses). Those routes record what the provider says through the settlement they are GIVEN
 * (`GatewaySettlement`), so nothing here imports the checkout. The registry that picks the
 * configured adapter is gateway-registry.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { PaymentType } from '#domain/contracts/orders.ts';
import type { Config, PaymentGatewayId } from '../config.ts';
import type { PaymentRecord } from '../db/schema/index.ts';

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
export type PaymentOutcome = 'paid' | 'failed' | 'cancelled';

export interface ProviderOutcome {
  outcome: PaymentOutcome;
  /** Unique per fact (e.g. `stripe:session:<id>:paid`), so a repeat is recorded once. */
  eventKey: string;
  payload?: unknown;
}

export interface PaymentGateway {
  id: PaymentGatewayId;
  /**
   * true when createPayment asks no provider (it only builds our own page's address): the checkout
   * then creates the payment before writing and stores it with the checkout's rows, in one statement.
   */
  offline?: boolean;
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /**
   * Asks the provider where a payment stands, completing what the shopper already approved (a
   * PayPal capture). null while it is still open. Used when a shopper lands on the return page
   * before (or without) the webhook, so a lost webhook never loses a payment.
   */
  lookup(payment: ProviderPayment): Promise<ProviderOutcome | null>;
  /**
   * Gives a paid payment's money back: `amountCents` of it (a staff's partial refund; several sum up
   * to at most what was paid), in full when it is the payment's whole amount. `idempotencyKey` is
   * stable per refund, so a retry after a crash never refunds twice. Answers the provider's refund id.
   */
  refund(payment: ProviderPayment, idempotencyKey: string, amountCents: number): Promise<{ reference: string | null }>;
}

export type GatewayConfig = Pick<Config, 'paymentGateway' | 'testGatewayMode' | 'stripe' | 'paypal'>;

/** What a gateway's routes may do with our payments: the checkout's settlement, as given to them. */
/** A provider's notice about a paid payment's money (refund made at the provider, or a dispute). */
export interface ProviderNotice {
  kind: 'refund' | 'chargeback';
  amountCents: number;
  currency: string;
  /** The provider's id of the refund or dispute: the notice is recorded once per id. */
  reference: string;
}

export interface GatewaySettlement {
  findPayment(paymentHash: string): Promise<PaymentRecord | null>;
  /**
   * Records a provider's fact once; null when the payment is unknown (or, given `gateway`, another gateway's).
   * `payableOnly`: the payer chose the outcome on a page the shop serves (the test gateway) rather than money having
   * arrived, so paying a checkout given up (failed or cancelled) is refused 409 ORDER_NOT_PAYABLE, not kept as late money.
   */
  settle(
    paymentHash: string,
    outcome: PaymentOutcome,
    event: { key: string; payload?: unknown },
    options?: { gateway?: string; payableOnly?: boolean },
  ): Promise<{ changed: boolean; orders: { hash: string }[] } | null>;
  /**
   * What the provider reports of a paid payment beyond its outcome, recorded once per `reference`: money given back
   * at the provider (its dashboard: the order keeps its places until all of it is back, then it is cancelled), or a
   * dispute (a chargeback) opened. False when it was recorded already, or the payment is unknown.
   */
  providerNotice(paymentHash: string, notice: ProviderNotice, options: { gateway: string }): Promise<boolean>;
  /** Expires a pending payment whose holds lapsed (given `gateway`, only that gateway's); true when this call did. */
  expireIfLapsed(paymentHash: string, options?: { gateway?: string }): Promise<boolean>;
  /** Where the shopper returns to: the payment's first order. */
  firstOrderHash(paymentId: number): Promise<string | null>;
}

export interface GatewayModule {
  /** Builds the adapter; throws an AppError (PAYMENT_FAILED 503) when its configuration is incomplete. */
  create(config: GatewayConfig): PaymentGateway;
  /** The provider's routes (webhooks, return addresses), registered under /api while it is configured. */
  routes?: (settlement: GatewaySettlement) => FastifyPluginAsync;
}
