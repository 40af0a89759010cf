/**
 * The orders desk's search (issue 21 item 1): by order number, e-ticket code, e-mail address (or
 * its beginning), name (the last name's or "first last"'s beginning) or gift card code, filtered by
 * visit date, product, order status and payment state, newest first, a page at a time (keyset:
 * `before` is the last order id of the previous page).
 *
 * Every kind of search is one statement on an index (bench/order-search.mjs measures them on a
 * million orders, target ≤ 100 ms p95): `orders_number`, the ticket's primary key, the expression
 * indexes `orders_email_prefix`, `orders_last_name_prefix` and `orders_full_name_prefix`
 * (text_pattern_ops: a LIKE 'prefix%' is a range scan), `gift_cards_code` + `gift_card_debits_card`
 * + `orders_payment`, and for the filters alone `orders_status_id`, `orders_product_id`,
 * `orders_plot_status`, with the primary key walked backwards for "newest first".
 */
import { sql, type SQL } from 'drizzle-orm';
import { classifyOrderSearch, likePrefix } from '../../../src/domain/backoffice/order-search.ts';
import { normaliseGiftCardCode } from '../../../src/domain/gift-card-code.ts';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import type { OrderStatus, PaymentStatus } from '../../db/schema/index.ts';

export interface OrderSearch {
  q?: string | null;
  status?: readonly OrderStatus[];
  payment?: PaymentStatus | null;
  productId?: number | null;
  /** Visit dates (the slot's date), YYYY-MM-DD, both included. */
  dateFrom?: string | null;
  dateTo?: string | null;
  /** Keyset: only orders with a smaller id (the last id of the page before). */
  before?: number | null;
  limit: number;
}

export interface FoundOrderRow {
  id: number;
  number: number;
  hash: string;
  kind: string;
  status: OrderStatus;
  created_at: Date | string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  quantity: number;
  total_cents: number;
  currency: string;
  invoice: boolean;
  payment_status: PaymentStatus | null;
  gateway: string | null;
  product_id: number | null;
  product_texts: Record<string, Record<string, string | null>> | null;
  plot_date: string | null;
  start_time: string | null;
}

/** The condition a search text puts on orders `o` (null: none), each one an index's. */
export function termCondition(q: string | null | undefined): SQL | null {
  const term = classifyOrderSearch(q);
  switch (term.kind) {
    case 'none':
      return null;
    case 'number':
      return sql`o.number = ${term.number}`;
    case 'ticket':
      return sql`o.id = (select t.order_id from tickets t where t.id = ${term.id} and t.nonce = ${term.nonce})`;
    case 'email':
      return sql`lower(o.customer->>'email') like ${likePrefix(term.prefix)}`;
    case 'text': {
      const pattern = likePrefix(term.prefix);
      const code = normaliseGiftCardCode(term.prefix) ?? term.prefix.toUpperCase();
      return sql`(lower(o.customer->>'last_name') like ${pattern}
        or lower((o.customer->>'first_name') || ' ' || (o.customer->>'last_name')) like ${pattern}
        or o.payment_id in (select d.payment_id from gift_card_debits d join gift_cards g on g.id = d.gift_card_id where g.code = ${code})
        or o.id in (select g.order_id from gift_cards g where g.code = ${code} and g.order_id is not null))`;
    }
  }
}

export async function searchOrders(db: Executor, search: OrderSearch): Promise<{ rows: FoundOrderRow[]; more: boolean }> {
  const conditions: SQL[] = [];
  const term = termCondition(search.q);
  if (term) conditions.push(term);
  if (search.status && search.status.length > 0)
    conditions.push(
      sql`o.status in (${sql.join(
        search.status.map((status) => sql`${status}`),
        sql`, `,
      )})`,
    );
  if (search.payment) conditions.push(sql`p.status = ${search.payment}`);
  if (search.productId) conditions.push(sql`o.product_id = ${search.productId}`);
  if (search.dateFrom || search.dateTo) {
    const from = search.dateFrom ? sql`and date >= ${search.dateFrom}::date` : sql``;
    const to = search.dateTo ? sql`and date <= ${search.dateTo}::date` : sql``;
    const product = search.productId ? sql`and product_id = ${search.productId}` : sql``;
    conditions.push(sql`o.plot_id in (select id from plots where true ${from} ${to} ${product})`);
  }
  if (search.before) conditions.push(sql`o.id < ${search.before}`);
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const result = await db.execute(sql`
    select o.id, o.number, o.hash, o.kind, o.status, o.created_at, o.customer->>'first_name' as first_name, o.customer->>'last_name' as last_name,
      o.customer->>'email' as email, o.quantity, o.total_cents, o.currency, o.invoice, p.status as payment_status, p.gateway,
      o.product_id, pr.texts as product_texts, pl.date::text as plot_date, pl.start_time::text as start_time
    from orders o
    left join payments p on p.id = o.payment_id
    left join products pr on pr.id = o.product_id
    left join plots pl on pl.id = o.plot_id
    ${where}
    order by o.id desc
    limit ${search.limit + 1}`);
  const rows = rowsOf<FoundOrderRow>(result);
  return { rows: rows.slice(0, search.limit), more: rows.length > search.limit };
}
