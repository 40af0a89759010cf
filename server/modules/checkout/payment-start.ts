/**
 * The start-payment step of every checkout (product orders, subscriptions): after the commit, so no
 * row stays locked while a provider answers. A provider that refuses fails the checkout at once
 * through the settlement (it then holds nothing while the shopper is told PAYMENT_FAILED).
 */
import type { OrderPayment } from '../../../src/domain/contracts/orders.ts';
import type { Language } from '../../../src/domain/languages.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import type { CreatedPayment, PaymentGateway } from '../../payments/payment-gateway.ts';
import { setPaymentTransaction } from './checkout.repo.ts';
import type { Settlement } from './settlement.ts';

export interface PaymentToStart {
  paymentHash: string;
  paymentId: number;
  amountCents: number;
  currency: string;
  expiresAt: Date | null;
  orderHashes: string[];
  language: Language;
  email: string;
  nothingToPay: boolean;
  gateway: PaymentGateway | null;
  /** Already created with the checkout (an offline gateway). */
  created: CreatedPayment | null;
}

export function createPaymentStarter(deps: { db: Database; clock: Clock; publicUrl: string; settlement: Pick<Settlement, 'settle'> }) {
  return async function startPayment(written: PaymentToStart): Promise<OrderPayment | null> {
    if (written.nothingToPay) return { type: 'REDIRECT', gateway: 'none', hash: written.paymentHash, transaction: false };
    const { gateway } = written;
    if (!gateway) return null;
    if (written.created) return { type: written.created.type, gateway: gateway.id, hash: written.paymentHash, transaction: written.created.transaction };
    const created = await gateway
      .createPayment({
        paymentHash: written.paymentHash,
        amountCents: written.amountCents,
        currency: written.currency,
        orderHashes: written.orderHashes,
        publicUrl: deps.publicUrl,
        language: written.language,
        expiresAt: written.expiresAt,
        email: written.email,
      })
      .catch(async (error: unknown) => {
        // The provider refused or could not be reached: the checkout fails at once, so it holds
        // no places, coupon uses, credit or redemptions while the shopper is told (PAYMENT_FAILED).
        await deps.settlement.settle(written.paymentHash, 'failed', {
          key: 'gateway:create-failed',
          payload: { message: error instanceof Error ? error.message : String(error) },
        });
        throw error;
      });
    await setPaymentTransaction(deps.db, written.paymentId, { ...created, now: deps.clock.now() });
    return { type: created.type, gateway: gateway.id, hash: written.paymentHash, transaction: created.transaction };
  };
}
