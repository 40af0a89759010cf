/**
 * GET /api/payment/{hash}: resumes paying a checkout that is still pending — a reservation paid
 * later, or an order whose visitor left the gateway. The hash is an order's (the reservation's)
 * or the payment's own. The gateway payment is created on first need and kept on the payment row.
 */
import type { PaymentResumeResponse } from '#domain/contracts/orders.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import type { PaymentRecord } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import type { PaymentGateway } from '../../payments/payment-gateway.ts';
import { findOrderByHash, findPaymentByHash, findPaymentById, ordersOfPayment, setPaymentTransaction } from './checkout.repo.ts';
import type { Reconciler } from './reconciler.ts';
import type { Settlement } from './settlement.ts';

export interface PaymentResumeDeps {
  db: Database;
  clock: Clock;
  publicUrl: string;
  gateway: () => PaymentGateway;
  settlement: Pick<Settlement, 'expireIfLapsed'>;
  reconciler: Reconciler;
}

export function createPaymentResumeService({ db, clock, publicUrl, gateway: gatewayFor, settlement, reconciler }: PaymentResumeDeps) {
  async function findByHash(hash: string): Promise<PaymentRecord | null> {
    const order = await findOrderByHash(db, hash);
    if (order) return order.paymentId === null ? null : findPaymentById(db, order.paymentId);
    return findPaymentByHash(db, hash);
  }

  return {
    async resume(hash: string): Promise<PaymentResumeResponse> {
      let payment = await findByHash(hash);
      if (!payment) throw notFound('No such payment');
      // Paid meanwhile (the provider is asked), or lapsed (expired first): then no longer payable.
      if (payment.status === 'pending' && (await reconciler.refresh(payment))) payment = await findPaymentById(db, payment.id);
      if (payment?.status === 'pending' && (await settlement.expireIfLapsed(payment.hash))) payment = await findPaymentById(db, payment.id);
      if (!payment || payment.status !== 'pending') throw new AppError('ORDER_NOT_PAYABLE', 409, 'This order can no longer be paid');

      const gateway = gatewayFor();
      const stored = payment.transaction as { response?: Record<string, unknown> } | null;
      if (payment.gateway === gateway.id && stored?.response) {
        return { ok: true, response: { payment: { gateway: gateway.id, hash: payment.hash, type: payment.type, transaction: { response: stored.response } } } };
      }
      const orders = await ordersOfPayment(db, payment.id);
      const created = await gateway.createPayment({
        paymentHash: payment.hash,
        amountCents: payment.amountCents,
        currency: payment.currency,
        orderHashes: orders.map((order) => order.hash),
        publicUrl,
        language: orders[0]?.language ?? 'en',
        expiresAt: payment.expiresAt,
        email: orders[0]?.customer.email ?? null,
      });
      await setPaymentTransaction(db, payment.id, { ...created, now: clock.now() });
      return { ok: true, response: { payment: { gateway: gateway.id, hash: payment.hash, type: created.type, transaction: created.transaction } } };
    },
  };
}

export type PaymentResumeService = ReturnType<typeof createPaymentResumeService>;
