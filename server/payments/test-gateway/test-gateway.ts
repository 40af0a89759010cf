/**
 * The built-in test gateway: every payment is a redirect to our own page where the tester chooses
 * Pay, Fail or Cancel (test-gateway.routes.ts). No money moves; nothing leaves the process.
 */
import type { PaymentGateway } from '../payment-gateway.ts';

export const TEST_GATEWAY_PATH = '/api/test-gateway';

export const testGateway: PaymentGateway = {
  id: 'test',
  async createPayment({ paymentHash }) {
    return {
      type: 'REDIRECT',
      transaction: { response: { url: `${TEST_GATEWAY_PATH}/${paymentHash}` } },
      providerReference: null,
    };
  },
};
