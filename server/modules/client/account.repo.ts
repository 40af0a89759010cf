/**
 * What the account page shows of a client's own (GET /api/client/account), and what erasing an
 * account changes (DELETE /api/client): queries only, shaped by account.service.ts.
 */
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { clients, clientSubscriptions, giftCards, orders, plots, products, subscriptions, vouchers } from '../../db/schema/index.ts';

/** The client's orders, newest first, with what each is for (a product's slot, a subscription, a voucher). */
export function findOrdersOfClient(db: Executor, clientId: number) {
  return db
    .select({
      id: orders.id,
      number: orders.number,
      hash: orders.hash,
      kind: orders.kind,
      status: orders.status,
      quantity: orders.quantity,
      totalCents: orders.totalCents,
      currency: orders.currency,
      createdAt: orders.createdAt,
      date: plots.date,
      startTime: plots.startTime,
      productTexts: products.texts,
      subscriptionTexts: subscriptions.texts,
      voucherTexts: vouchers.texts,
    })
    .from(orders)
    .leftJoin(plots, eq(plots.id, orders.plotId))
    .leftJoin(products, eq(products.id, orders.productId))
    .leftJoin(subscriptions, eq(subscriptions.id, orders.subscriptionId))
    .leftJoin(vouchers, eq(vouchers.id, orders.voucherId))
    .where(eq(orders.clientId, clientId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(200);
}

/** The client's passes with their renewal hash. */
export function findPassesOfClient(db: Executor, clientId: number) {
  return db
    .select({
      id: clientSubscriptions.id,
      type: clientSubscriptions.type,
      hash: clientSubscriptions.hash,
      renewable: clientSubscriptions.renewable,
      expiresOn: clientSubscriptions.expiresOn,
      availableRedemptions: clientSubscriptions.availableRedemptions,
      texts: subscriptions.texts,
    })
    .from(clientSubscriptions)
    .innerJoin(subscriptions, eq(subscriptions.id, clientSubscriptions.subscriptionId))
    .where(eq(clientSubscriptions.clientId, clientId))
    .orderBy(desc(clientSubscriptions.id));
}

/** The gift cards the client's orders bought, with what is left on them. */
export function findGiftCardsOfClient(db: Executor, clientId: number) {
  return db
    .select({ code: giftCards.code, creditCents: giftCards.creditCents, valueCents: giftCards.valueCents, expiresOn: giftCards.expiresOn })
    .from(giftCards)
    .innerJoin(orders, eq(orders.id, giftCards.orderId))
    .where(and(eq(orders.clientId, clientId), isNotNull(giftCards.orderId)))
    .orderBy(desc(giftCards.id));
}

/**
 * Erases a client's account row, and with it (by cascade) its sessions, sign-in links, saved field values, passes
 * and group memberships; its orders are anonymised first by the checkout's `eraseCustomerFromOrders`. Returns
 * whether there was an account.
 */
export async function eraseClient(db: Executor, clientId: number): Promise<boolean> {
  const deleted = await db.delete(clients).where(eq(clients.id, clientId)).returning({ id: clients.id });
  return deleted.length > 0;
}
