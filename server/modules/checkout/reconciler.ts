/**
 * Asks the provider about a payment that is still open on our side (pending, or expired by us
 * while the shopper may still have paid) and records what it says through the settlement, the same
 * way a webhook would. Called when the shopper is back on the return page or resumes a payment, so
 * a webhook that is late, lost or never configured does not leave a paid order unseen. A provider
 * that cannot be reached changes nothing: the answer is what the database already knows.
 */
import type { PaymentGatewayId } from '../../config.ts';
import type { PaymentRecord } from '../../db/schema/index.ts';
import type { PaymentGateway } from '../../payments/payment-gateway.ts';
import type { Settlement } from './settlement.ts';

interface Logger {
  warn(object: object, message?: string): void;
}

export interface ReconcilerDeps {
  settlement: Pick<Settlement, 'settle'>;
  /** The configured gateway's id, and its adapter (built when first asked: a misconfigured one refuses then). */
  gatewayId: PaymentGatewayId;
  gateway: () => PaymentGateway;
  logger?: Logger;
}

export function createReconciler({ settlement, gatewayId, gateway, logger }: ReconcilerDeps) {
  return {
    /** True when the provider's answer changed the payment. */
    async refresh(payment: PaymentRecord): Promise<boolean> {
      if (payment.status !== 'pending' && payment.status !== 'expired') return false;
      // Only the configured gateway can be asked, and only about payments it knows by reference.
      if (!payment.providerReference || payment.gateway !== gatewayId) return false;
      try {
        const told = await gateway().lookup({
          hash: payment.hash,
          providerReference: payment.providerReference,
          amountCents: payment.amountCents,
          currency: payment.currency,
        });
        // For a checkout we already gave up, only money arriving matters.
        if (!told || (payment.status === 'expired' && told.outcome !== 'paid')) return false;
        const result = await settlement.settle(payment.hash, told.outcome, { key: told.eventKey, payload: told.payload });
        return result?.changed ?? false;
      } catch (error) {
        logger?.warn({ payment: payment.hash, err: error instanceof Error ? error.message : String(error) }, 'payment provider lookup failed');
        return false;
      }
    },
  };
}

export type Reconciler = ReturnType<typeof createReconciler>;
