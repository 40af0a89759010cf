/** PayPal as the registry knows it: its adapter and its webhook route. */
import type { GatewayModule } from '../payment-gateway.ts';
import { createPayPalGateway } from './paypal-gateway.ts';
import { payPalRoutes } from './paypal.routes.ts';

export const payPalGatewayModule: GatewayModule = {
  create: (config) => createPayPalGateway(config),
  routes: payPalRoutes,
};
