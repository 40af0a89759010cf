/**
 * The start-payment step, shared by every checkout (product orders, subscriptions, vouchers): after the
 * commit, so no row stays locked while a provider answers. A provider that refuses or cannot be
 * reached fails the checkout at once through the settlement (so it holds nothing while the shopper
 * is told) and the refusal is thrown (PAYMENT_FAILED).
 */
import type { OrderPayment } from '#domain/contracts/orders.ts';
import type { Language } from '#domain/languages.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import type { CreatedPayment, PaymentGateway } from '../../payments/payment-gateway.ts';
import { setPaymentTransaction } from './checkout.repo.ts';
import type { Settlement } from './settlement.ts';

/**
 * The payment rows of checkouts confirmed with nothing paid online: `none` (nothing to pay) and
 * `invoice` (owed by invoice, src/domain/invoice.ts). Written paid with the checkout; never started.
 */
export const NO_ONLINE_PAYMENT = ['none', 'invoice'] as const;
export type NoOnlinePayment = (typeof NO_ONLINE_PAYMENT)[number];
export const isNoOnlinePayment = (gateway: string): gateway is NoOnlinePayment => (NO_ONLINE_PAYMENT as readonly string[]).includes(gateway);

/** A written checkout, as the payment step needs it. */
export interface PaymentToStart {
  paymentHash: string;
  paymentId: number;
  amountCents: number;
  currency: string;
  expiresAt: Date | null;
  orderHashes: readonly string[];
  language: Language;
  email: string;
  /** Nothing to pay online: confirmed as `none` or `invoice`; null when there is a payment to start. */
  nothingToPay: NoOnlinePayment | null;
  gateway: PaymentGateway | null;
  /** Already created with the checkout (an offline gateway). */
  created: CreatedPayment | null;
}

export interface PaymentStartDeps {
  db: Database;
  clock: Clock;
  publicUrl: string;
  settlement: Pick<Settlement, 'settle'>;
}

export function createPaymentStarter({ db, clock, publicUrl, settlement }: PaymentStartDeps) {
  return async function startPayment(written: PaymentToStart): Promise<OrderPayment | null> {
    if (written.nothingToPay) return { type: 'REDIRECT', gateway: written.nothingToPay, hash: written.paymentHash, transaction: false };
    const { gateway } = written;
    if (!gateway) return null;
    if (written.created) return { type: written.created.type, gateway: gateway.id, hash: written.paymentHash, transaction: written.created.transaction };
    const created = await gateway
      .createPayment({
        paymentHash: written.paymentHash,
        amountCents: written.amountCents,
        currency: written.currency,
        orderHashes: [...written.orderHashes],
        publicUrl,
        language: written.language,
        expiresAt: written.expiresAt,
        email: written.email,
      })
      .catch(async (error: unknown) => {
        await settlement.settle(written.paymentHash, 'failed', {
          key: 'gateway:create-failed',
          payload: { message: error instanceof Error ? error.message : String(error) },
        });
        throw error;
      });
    await setPaymentTransaction(db, written.paymentId, { ...created, now: clock.now() });
    return { type: created.type, gateway: gateway.id, hash: written.paymentHash, transaction: created.transaction };
  };
}

export type PaymentStarter = ReturnType<typeof createPaymentStarter>;
