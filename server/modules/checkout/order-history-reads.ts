/**
 * An order's history as its readers see it: the desk's timeline (who did it, by name) and the
 * shopper's order and reservation pages (what kind of actor, no names, no internal reasons). The
 * entries are the one order change's (order-change.ts); the order's placing comes first, from the
 * order itself. Product names are resolved in the reader's language, once per page.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { HistoryEntry } from '#domain/contracts/order-history.schema.ts';
import { toAmount } from '#domain/money.ts';
import type { Executor } from '../../db/client.ts';
import { orderHistory, products, staffAccounts, type OrderRecord } from '../../db/schema/index.ts';
import { textsIn, type Reading } from '../catalogue/index.ts';

export type HistoryReader = 'staff' | 'shopper';

/** The history of `order`, oldest first, for `reader`, product names in `reading`'s language. */
export async function readOrderHistory(db: Executor, order: OrderRecord, reading: Reading, reader: HistoryReader): Promise<HistoryEntry[]> {
  const rows = await db
    .select({ entry: orderHistory, staff: staffAccounts.name })
    .from(orderHistory)
    .leftJoin(staffAccounts, eq(staffAccounts.id, orderHistory.staffId))
    .where(eq(orderHistory.orderId, order.id))
    .orderBy(asc(orderHistory.id))
    .limit(500);
  const productIds = [...new Set([order.productId, ...rows.map(({ entry }) => entry.detail.product_id ?? null)].filter((id): id is number => id !== null))];
  const titles = new Map(
    productIds.length === 0
      ? []
      : (await db.select({ id: products.id, texts: products.texts }).from(products).where(inArray(products.id, productIds))).map((row) => [
          row.id,
          textsIn(row.texts, reading).title ?? null,
        ]),
  );
  const amount = (cents: number | undefined) => (typeof cents === 'number' ? toAmount(cents) : null);
  const placed: HistoryEntry = {
    at: order.createdAt.toISOString(),
    event: 'placed',
    actor: { kind: 'shopper', name: null },
    product: order.productId === null ? null : (titles.get(order.productId) ?? null),
    from: null,
    to: null,
    amount: toAmount(order.totalCents),
    currency: order.currency,
    method: null,
    tickets: [],
    quantity: null,
    total: null,
    code: null,
    fields: [],
    reason: null,
    order: null,
  };
  return [
    placed,
    ...rows.map(({ entry, staff }): HistoryEntry => {
      const { detail } = entry;
      const productId = detail.product_id ?? null;
      return {
        at: entry.at.toISOString(),
        event: entry.event,
        actor: {
          kind: entry.actorKind,
          name: reader === 'staff' ? (staff ?? entry.actorName ?? null) : entry.actorKind === 'gateway' ? entry.actorName : null,
        },
        product: productId === null ? null : (titles.get(productId) ?? null),
        from: detail.from ?? null,
        to: detail.to ?? null,
        amount: amount(detail.amount_cents),
        currency: detail.currency ?? order.currency,
        method: detail.method ?? null,
        tickets: detail.tickets ?? [],
        quantity: detail.quantity ?? null,
        total: detail.total_cents ? { from: toAmount(detail.total_cents.from), to: toAmount(detail.total_cents.to) } : null,
        code: detail.code ?? null,
        fields: detail.fields ?? [],
        // A staff member's reason is the desk's; a refund request's reply was written to the visitor.
        reason: reader === 'staff' || entry.event === 'refund_request_declined' ? (detail.reason ?? null) : null,
        order: detail.order ?? null,
      };
    }),
  ];
}
