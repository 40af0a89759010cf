/**
 * GET /api/orders/{hash}: an order's status for the checkout return page, by its hash or by its
 * payment's (the nothing-to-pay path of spec section 4 goes to /checkout/return/{payment hash}:
 * then the checkout's first order answers). The provider is asked first (the shopper may be back
 * before its webhook), then a checkout given up unpaid is expired here, on first sight.
 */
import type { OrderStatusView } from '#domain/contracts/orders.ts';
import { toAmount } from '#domain/money.ts';
import type { Language } from '#domain/languages.ts';
import type { Database } from '../../db/client.ts';
import { readingFor } from '../catalogue/index.ts';
import { loadShopLocale } from '../organisation/index.ts';
import { notFound } from '../../errors.ts';
import { findOrderByHash, findPaymentByHash, findPaymentById, ordersOfPayment } from './checkout.repo.ts';
import { readOrderHistory } from './order-history-reads.ts';
import type { Reconciler } from './reconciler.ts';
import type { Settlement } from './settlement.ts';

export interface OrderStatusDeps {
  db: Database;
  settlement: Pick<Settlement, 'expireIfLapsed'>;
  reconciler: Reconciler;
}

export function createOrderStatusService({ db, settlement, reconciler }: OrderStatusDeps) {
  return {
    async status(hash: string, requested: Language | null = null): Promise<OrderStatusView> {
      let order = await findOrderByHash(db, hash);
      if (!order) {
        const paidTogether = await findPaymentByHash(db, hash);
        order = paidTogether ? ((await ordersOfPayment(db, paidTogether.id))[0] ?? null) : null;
      }
      if (!order) throw notFound('No such order');
      let payment = order.paymentId === null ? null : await findPaymentById(db, order.paymentId);
      // Read again either way after a look that may change it: a concurrent one may have meanwhile.
      if (payment?.status === 'pending' || payment?.status === 'expired') {
        await reconciler.refresh(payment);
        await settlement.expireIfLapsed(payment.hash);
        order = (await findOrderByHash(db, order.hash)) ?? order;
        payment = await findPaymentById(db, payment.id);
      }
      const reading = readingFor(requested ?? order.language, await loadShopLocale(db));
      return {
        hash: order.hash,
        status: order.status,
        payment: payment ? { status: payment.status, gateway: payment.gateway } : null,
        total: toAmount(order.totalCents),
        history: await readOrderHistory(db, order, reading, 'shopper'),
      };
    },
  };
}

export type OrderStatusService = ReturnType<typeof createOrderStatusService>;
