/** Stripe as the registry knows it: the Checkout adapter and its webhook / cancel routes. */
import type { GatewayModule } from '../payment-gateway.ts';
import { stripeSetup } from './stripe-client.ts';
import { createStripeGateway } from './stripe-gateway.ts';
import { stripeRoutes } from './stripe.routes.ts';

export const stripeGatewayModule: GatewayModule = {
  create: (config) => createStripeGateway(stripeSetup(config.stripe)),
  routes: stripeRoutes,
};
