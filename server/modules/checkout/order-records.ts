/**
 * What other modules may ask of the checkout's rows, besides the one order change: reads of an
 * order and its payment, and the two writes that belong to other modules' steps — a pass's
 * fulfilment naming its order (in the checkout's own transaction) and a client's erasure blanking
 * the personal details its orders keep. The repository itself (checkout.repo.ts) stays private.
 */
import type { Executor } from '../../db/client.ts';
import type { OrderRecord, PaymentRecord } from '../../db/schema/index.ts';
import { anonymiseOrdersOfClient, findOrderByHash, findPaymentById, linkOrderToPass } from './checkout.repo.ts';

export const findOrder = (db: Executor, hash: string): Promise<OrderRecord | null> => findOrderByHash(db, hash);
export const findPayment = (db: Executor, paymentId: number): Promise<PaymentRecord | null> => findPaymentById(db, paymentId);

/** The order that bought, renewed or redeemed a client's pass names it (the pass's fulfilment, in the checkout's transaction). */
export const namePassOfOrder = (db: Executor, orderId: number, clientSubscriptionId: number): Promise<void> =>
  linkOrderToPass(db, orderId, clientSubscriptionId);

/** An erased client's orders stay for the accounting, their personal details blanked. */
export const eraseCustomerFromOrders = (db: Executor, clientId: number): Promise<void> => anonymiseOrdersOfClient(db, clientId);
