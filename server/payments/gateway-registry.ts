/**
 * The registry of payment adapters: which one is configured (PAYMENT_GATEWAY) and its routes. Kept
 * apart from the interface (payment-gateway.ts), which the adapters import.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { PaymentGatewayId } from '../config.ts';
import { AppError } from '../errors.ts';
import type { GatewayConfig, GatewayModule, GatewaySettlement, PaymentGateway } from './payment-gateway.ts';
import { payPalGatewayModule } from './paypal/index.ts';
import { stripeGatewayModule } from './stripe/index.ts';
import { testGatewayModule } from './test-gateway/index.ts';

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

/** The routes of the configured gateway, if it has any, recording through `settlement`. */
export function paymentGatewayRoutes(config: GatewayConfig, settlement: GatewaySettlement): FastifyPluginAsync | null {
  return GATEWAYS[config.paymentGateway]?.routes?.(settlement) ?? null;
}
