/**
 * The built-in test gateway: every payment ends on our own page where the tester chooses Pay, Fail
 * or Cancel (test-gateway.routes.ts). No money moves; nothing leaves the process. TEST_GATEWAY_MODE
 * picks how the visitor gets there: a REDIRECT address, or FORM markup (base64) that the storefront
 * inserts and submits, which posts to .../start and is redirected to the same page.
 */
import type { TestGatewayMode } from '../../config.ts';
import type { CreatedPayment, PaymentGateway } from '../payment-gateway.ts';

export const TEST_GATEWAY_PATH = '/api/test-gateway';

export const testGatewayPage = (paymentHash: string) => `${TEST_GATEWAY_PATH}/${encodeURIComponent(paymentHash)}`;

function formMarkup(paymentHash: string): string {
  // The hash is hex from randomBytes; encoded anyway so the markup can never be broken out of.
  const action = `${testGatewayPage(paymentHash)}/start`;
  return `<form method="post" action="${action}" data-gateway="test"><input type="hidden" name="payment" value="${encodeURIComponent(paymentHash)}"><button type="submit">Pay</button></form>`;
}

export function createTestGateway(mode: TestGatewayMode): PaymentGateway {
  return {
    id: 'test',
    offline: true,
    async createPayment({ paymentHash }): Promise<CreatedPayment> {
      if (mode === 'form') {
        return {
          type: 'FORM',
          transaction: { response: { form: Buffer.from(formMarkup(paymentHash), 'utf8').toString('base64') } },
          providerReference: null,
        };
      }
      return { type: 'REDIRECT', transaction: { response: { url: testGatewayPage(paymentHash) } }, providerReference: null };
    },
    // The outcome is only ever told by the test page's buttons; there is no provider to ask.
    async lookup() {
      return null;
    },
    // No money moved, so giving it back is only recorded, under the refund's own key (a late
    // payment's `refund-<hash>`: `test-refund-<hash>`; a staff refund's `staff-<key>`).
    async refund(_payment, idempotencyKey) {
      return { reference: `test-${idempotencyKey}` };
    },
  };
}
