/** The test gateway as the registry knows it: its adapter and its pages. */
import type { GatewayModule } from '../payment-gateway.ts';
import { createTestGateway } from './test-gateway.ts';
import { testGatewayRoutes } from './test-gateway.routes.ts';

export const testGatewayModule: GatewayModule = {
  create: (config) => createTestGateway(config.testGatewayMode),
  routes: testGatewayRoutes,
};
