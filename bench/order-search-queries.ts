/**
 * The timed part of `npm run bench:order-search` (bench/order-search.mjs), run from the sources by
 * tsx: `node node_modules/tsx/dist/cli.mjs bench/order-search-queries.ts <database url> <searches per kind>`.
 * Picks real inputs from the grown database (order numbers, e-mail addresses, names, gift card codes
 * with payments, e-ticket codes, days, products), then runs the orders desk's search
 * (server/modules/order-desk/order-search.ts `searchOrders`, a page of 50) for each, one at a time,
 * after a warm-up pass. Prints one JSON line: p50/p95/max per kind and over all, in ms.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client.ts';
import { rowsOf } from '../server/db/raw-rows.ts';
import { searchOrders, type OrderSearch } from '../server/modules/order-desk/order-search.ts';

const [url, perKindArg] = process.argv.slice(2);
if (!url) throw new Error('usage: order-search-queries.ts <database url> [searches per kind]');
const perKind = Number(perKindArg ?? 40);
const PAGE = 50;

const handle = await openDatabase({ databaseUrl: url, poolSize: 1 });
const { db } = handle;
const pick = async <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(statement));

const sample = await pick<{ id: number; number: number; email: string; last_name: string; product_id: number; plot_date: string }>(sql`
  select o.id, o.number, o.customer->>'email' as email, o.customer->>'last_name' as last_name, o.product_id, pl.date::text as plot_date
  from orders o join plots pl on pl.id = o.plot_id
  where o.id in (select id from orders tablesample bernoulli (0.05) repeatable (7)) limit ${perKind}`);
const cards = await pick<{ code: string }>(
  sql`select g.code from gift_cards g join gift_card_debits d on d.gift_card_id = g.id order by g.id limit ${perKind}`,
);
const ticketRows = await pick<{ id: number; nonce: string }>(sql`
  select id, nonce from tickets where id in (select id from tickets tablesample bernoulli (0.01) repeatable (7)) limit ${perKind}`);
const [counted] = await pick<{ orders: number }>(sql`select count(*)::int as orders from orders`);
const at = <T>(list: readonly T[], index: number): T => list[index % list.length] as T;

/** Each kind: the search for the i-th input. */
const kinds: Record<string, (index: number) => Omit<OrderSearch, 'limit'>> = {
  'order number': (i) => ({ q: String(at(sample, i).number) }),
  'e-mail address': (i) => ({ q: at(sample, i).email }),
  'e-mail beginning': (i) => ({ q: at(sample, i).email.slice(0, at(sample, i).email.indexOf('@') + 1) }),
  'last name beginning': (i) => ({ q: at(sample, i).last_name.slice(0, Math.max(7, at(sample, i).last_name.length - 1)) }),
  'first and last name': (i) => ({ q: `grown ${at(sample, i).last_name}` }),
  'name matching every order': () => ({ q: 'Grown' }),
  'gift card code': (i) => ({ q: at(cards, i).code }),
  'e-ticket code': (i) => ({ q: `T1.${at(ticketRows, i).id}.${at(ticketRows, i).nonce}.signature` }),
  'no text, newest first': () => ({}),
  'next page (keyset)': (i) => ({ before: at(sample, i).id }),
  'status REFUNDED (rare)': () => ({ status: ['REFUNDED'] }),
  'payment state refunded (rare)': () => ({ payment: 'refunded' }),
  product: (i) => ({ productId: at(sample, i).product_id }),
  'visit date (one day)': (i) => ({ dateFrom: at(sample, i).plot_date, dateTo: at(sample, i).plot_date }),
  'product and a week, PAID': (i) => ({
    productId: at(sample, i).product_id,
    dateFrom: at(sample, i).plot_date,
    dateTo: new Date(Date.parse(at(sample, i).plot_date) + 6 * 86_400_000).toISOString().slice(0, 10),
    status: ['PAID'],
  }),
  'name and status': (i) => ({ q: at(sample, i).last_name, status: ['PAID'] }),
};

const percentile = (sorted: number[], fraction: number) => sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] as number;

// Warm-up: one pass of every kind (plans, connection, the first pages read).
for (const make of Object.values(kinds)) for (let i = 0; i < 3; i += 1) await searchOrders(db, { ...make(i), limit: PAGE });

const all: number[] = [];
const report: Record<string, { p50: number; p95: number; max: number; found: number }> = {};
for (const [kind, make] of Object.entries(kinds)) {
  const times: number[] = [];
  let found = 0;
  for (let i = 0; i < perKind; i += 1) {
    const started = performance.now();
    const { rows } = await searchOrders(db, { ...make(i), limit: PAGE });
    times.push(performance.now() - started);
    found += rows.length;
  }
  times.sort((a, b) => a - b);
  all.push(...times);
  report[kind] = { p50: percentile(times, 0.5), p95: percentile(times, 0.95), max: times.at(-1) as number, found: found / perKind };
}
all.sort((a, b) => a - b);
await handle.close();
console.log(JSON.stringify({ orders: counted?.orders, kinds: report, count: all.length, p50: percentile(all, 0.5), p95: percentile(all, 0.95) }));
