/**
 * The one interface every payment adapter implements (test gateway now; Stripe and PayPal later),
 * and the registry that picks the configured one. The order service only knows this interface.
 */
import type { PaymentType } from '../../src/domain/contracts/orders.ts';
import type { Config, PaymentGatewayId } from '../config.ts';
import { AppError } from '../errors.ts';
import { createTestGateway } from './test-gateway/test-gateway.ts';

export interface CreatePaymentInput {
  /** Our payment's public hash. */
  paymentHash: string;
  amountCents: number;
  currency: string;
  /** Hashes of the orders paid together; the first is where the visitor returns to. */
  orderHashes: string[];
  /** Public address of the storefront (config.publicUrl). */
  publicUrl: string;
}

export interface CreatedPayment {
  type: PaymentType;
  /** What the storefront needs to run the payment (an address, form markup, keys). */
  transaction: { response: Record<string, unknown> };
  /** The provider's id for it, when it has one. */
  providerReference: string | null;
}

export interface PaymentGateway {
  id: PaymentGatewayId;
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
}

export type GatewayConfig = Pick<Config, 'paymentGateway' | 'testGatewayMode'>;

const ADAPTERS: Partial<Record<PaymentGatewayId, (config: GatewayConfig) => PaymentGateway>> = {
  test: (config) => createTestGateway(config.testGatewayMode),
};

/**
 * The adapter of the configured gateway. A gateway named in the configuration whose adapter does
 * not exist yet (stripe, paypal) refuses payments with PAYMENT_FAILED 503 rather than pretending.
 */
export function paymentGatewayFor(config: GatewayConfig): PaymentGateway {
  const adapter = ADAPTERS[config.paymentGateway];
  if (!adapter) throw new AppError('PAYMENT_FAILED', 503, `The payment gateway "${config.paymentGateway}" is not available`);
  return adapter(config);
}
