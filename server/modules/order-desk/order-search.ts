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
import { classifyOrderSearch, likePrefix } from '#domain/backoffice/order-search.ts';
import { normaliseGiftCardCode } from '#domain/gift-card-code.ts';
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

/** The conditions a search text puts on orders `o`, each one an index's (none: no text); several are alternatives. */
export function termConditions(q: string | null | undefined): SQL[] {
  const term = classifyOrderSearch(q);
  switch (term.kind) {
    case 'none':
      return [];
    case 'number':
      return [sql`o.number = ${term.number}`];
    case 'ticket':
      return [sql`o.id = (select t.order_id from tickets t where t.id = ${term.id} and t.nonce = ${term.nonce})`];
    case 'email':
      return [sql`lower(o.customer->>'email') like ${likePrefix(term.prefix)}`];
    case 'text': {
      const pattern = likePrefix(term.prefix);
      const code = normaliseGiftCardCode(term.prefix) ?? term.prefix.toUpperCase();
      return [
        sql`lower(o.customer->>'last_name') like ${pattern}`,
        sql`lower((o.customer->>'first_name') || ' ' || (o.customer->>'last_name')) like ${pattern}`,
        sql`o.payment_id in (select d.payment_id from gift_card_debits d join gift_cards g on g.id = d.gift_card_id where g.code = ${code})`,
        sql`o.id in (select g.order_id from gift_cards g where g.code = ${code} and g.order_id is not null)`,
      ];
    }
  }
}

/**
 * One page. A text that may be several things (a name, or a gift card's code) is one branch per
 * alternative — each the newest `limit + 1` orders on its own index, with every filter — united and
 * cut again: an OR of them would keep PostgreSQL from using any of the indexes.
 */
export async function searchOrders(db: Executor, search: OrderSearch): Promise<{ rows: FoundOrderRow[]; more: boolean }> {
  const filters: SQL[] = [];
  if (search.status && search.status.length > 0)
    filters.push(
      sql`o.status in (${sql.join(
        search.status.map((status) => sql`${status}`),
        sql`, `,
      )})`,
    );
  // Most payments are paid: walk the orders newest first. Any other state is rare: its payments first (payments_pending_expiry), their orders by orders_payment.
  if (search.payment === 'paid') filters.push(sql`exists (select 1 from payments p where p.id = o.payment_id and p.status = 'paid')`);
  else if (search.payment) filters.push(sql`o.payment_id = any(array(select p.id from payments p where p.status = ${search.payment}))`);
  if (search.productId) filters.push(sql`o.product_id = ${search.productId}`);
  if (search.before) filters.push(sql`o.id < ${search.before}`);
  const from = search.dateFrom ? sql`and pl.date >= ${search.dateFrom}::date` : sql``;
  const to = search.dateTo ? sql`and pl.date <= ${search.dateTo}::date` : sql``;
  const product = search.productId ? sql`and pl.product_id = ${search.productId}` : sql``;
  // A short stretch of days (a month or two): its slots first, each slot's newest orders on
  // orders_plot_status; a longer one as a filter while walking the orders newest first.
  const days = search.dateFrom && search.dateTo ? (Date.parse(search.dateTo) - Date.parse(search.dateFrom)) / 86_400_000 : Infinity;
  const bySlots = days >= 0 && days <= 62;
  if ((search.dateFrom || search.dateTo) && !bySlots) filters.push(sql`o.plot_id in (select pl.id from plots pl where true ${from} ${to} ${product})`);
  const take = search.limit + 1;
  const branch = (term: SQL | null) => {
    const all = term ? [term, ...filters] : filters;
    if (bySlots) {
      const where = sql.join([sql`o.plot_id = pl.id`, ...all], sql` and `);
      return sql`(select slot.id from plots pl cross join lateral (select o.id from orders o where ${where} order by o.id desc limit ${take}) slot
        where true ${from} ${to} ${product} order by slot.id desc limit ${take})`;
    }
    const where = all.length > 0 ? sql`where ${sql.join(all, sql` and `)}` : sql``;
    return sql`(select o.id from orders o ${where} order by o.id desc limit ${take})`;
  };
  const terms = termConditions(search.q);
  const hits = terms.length === 0 ? branch(null) : sql.join(terms.map(branch), sql` union `);
  const result = await db.execute(sql`
    select o.id, o.number, o.hash, o.kind, o.status, o.created_at, o.customer->>'first_name' as first_name, o.customer->>'last_name' as last_name,
      o.customer->>'email' as email, o.quantity, o.total_cents, o.currency, o.invoice, p.status as payment_status, p.gateway,
      o.product_id, pr.texts as product_texts, pl.date::text as plot_date, pl.start_time::text as start_time
    from (select id from (${hits}) as united order by id desc limit ${take}) as hit
    join orders o on o.id = hit.id
    left join payments p on p.id = o.payment_id
    left join products pr on pr.id = o.product_id
    left join plots pl on pl.id = o.plot_id
    order by o.id desc`);
  const rows = rowsOf<FoundOrderRow>(result);
  return { rows: rows.slice(0, search.limit), more: rows.length > search.limit };
}
