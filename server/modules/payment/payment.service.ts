/**
 * GET /api/payment/{hash}: resumes paying a checkout that is still pending — a reservation paid
 * later, or an order whose visitor left the gateway. The hash is an order's (the reservation's)
 * or the payment's own. The gateway payment is created on first need and kept on the payment row.
 */
import type { PaymentResumeResponse } from '../../../src/domain/contracts/orders.ts';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { paymentGatewayFor } from '../../payments/payment-gateway.ts';
import { createPaymentReconciler } from '../../payments/payment-reconciler.ts';
import { createPaymentSettlement } from '../../payments/payment-settlement.ts';
import { findOrderByHash, findPaymentById, ordersOfPayment, setPaymentTransaction, type PaymentRow } from '../orders/order.repo.ts';

export interface PaymentServiceDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'paymentGateway' | 'testGatewayMode' | 'stripe' | 'paypal' | 'publicUrl'>;
  logger?: { warn(object: object, message?: string): void };
}

export function createPaymentService({ db, clock, config, logger }: PaymentServiceDeps) {
  const settlement = createPaymentSettlement({ db, clock, publicUrl: config.publicUrl });
  const reconciler = createPaymentReconciler({ db, clock, config, logger });

  async function findByHash(hash: string): Promise<PaymentRow | null> {
    const order = await findOrderByHash(db, hash);
    if (order) return order.paymentId === null ? null : findPaymentById(db, order.paymentId);
    return settlement.findPayment(hash);
  }

  return {
    async resume(hash: string): Promise<PaymentResumeResponse> {
      let payment = await findByHash(hash);
      if (!payment) throw notFound('No such payment');
      // Paid meanwhile (the provider is asked), or lapsed (expired first): then no longer payable.
      if (payment.status === 'pending' && (await reconciler.refresh(payment))) payment = await findPaymentById(db, payment.id);
      if (payment?.status === 'pending' && (await settlement.expireIfLapsed(payment.hash))) payment = await findPaymentById(db, payment.id);
      if (!payment || payment.status !== 'pending') throw new AppError('ORDER_NOT_PAYABLE', 409, 'This order can no longer be paid');

      const gateway = paymentGatewayFor(config);
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
        publicUrl: config.publicUrl,
        language: orders[0]?.language ?? 'en',
        expiresAt: payment.expiresAt,
        email: orders[0]?.customer.email ?? null,
      });
      await setPaymentTransaction(db, payment.id, { ...created, now: clock.now() });
      return { ok: true, response: { payment: { gateway: gateway.id, hash: payment.hash, type: created.type, transaction: created.transaction } } };
    },
  };
}
