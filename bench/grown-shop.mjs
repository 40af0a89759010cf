/**
 * The grown shop of the benches (bench/growth.mjs, bench/order-search.mjs): what a shop looks like
 * after two seasons, made by bulk SQL on a migrated and seeded demo shop — plots a year behind and a
 * year ahead, 1,000,000 paid orders with their payments, 1.2 M order lines, 2.1 M e-tickets, 200,000
 * clients (20,000 with a client subscription), 100,000 gift cards and 500,000 rows each of
 * rate-limit windows, idempotency keys, sent mails, sessions and sign-in attempts.
 */
import pg from 'pg';

/** The grown shop's history, in bulk SQL; each statement timed. */
export const GROW = [
  [
    'plots a year behind and a year ahead (each product with days keeps its weekly pattern)',
    `insert into plots (product_id, date, start_time, end_time, capacity, price_cents, max_orders)
     select pattern.product_id, day::date, pattern.start_time, pattern.end_time, pattern.capacity, pattern.price_cents, pattern.max_orders
     from (select distinct on (product_id, extract(isodow from date), start_time) product_id, extract(isodow from date) as dow, start_time, end_time, capacity, price_cents, max_orders
           from plots order by product_id, extract(isodow from date), start_time, date) pattern
     join generate_series(current_date - 365, current_date + 365, interval '1 day') day on extract(isodow from day) = pattern.dow
     on conflict on constraint plots_product_slot do nothing`,
  ],
  [
    '200,000 clients',
    `insert into clients (email, password_hash, first_name, last_name, token, created_at)
     select 'grown-' || g || '@example.test', '$argon2id$v=19$m=19456,t=2,p=1$Z3Jvd24$Z3Jvd24', 'Grown', 'Client ' || g, md5('client-' || g), now() - (g % 700) * interval '1 day'
     from generate_series(1, 200000) g`,
  ],
  [
    '20,000 client subscriptions (expired or far from expiry, reminded)',
    `insert into client_subscriptions (client_id, subscription_id, token, hash, type, available_redemptions, renewable, expires_on, reminder_sent_at, created_at)
     select c.id, (select min(id) from subscriptions), md5('cs-token-' || c.id), md5('cs-hash-' || c.id), 'ONLINE', -1, true,
            current_date + (c.id % 700) - 400, now() - interval '30 days', now() - interval '1 year'
     from clients c where c.email like 'grown-%' and c.id % 10 = 0`,
  ],
  [
    '1,000,000 payments',
    `insert into payments (hash, gateway, type, status, amount_cents, currency, provider_reference, expires_at, created_at, updated_at)
     select md5('pay-' || g), 'test', 'REDIRECT', 'paid', 4800, 'EUR', 'grown-' || g, now() - (g % 700) * interval '1 day', now() - (g % 700) * interval '1 day', now() - (g % 700) * interval '1 day'
     from generate_series(1, 1000000) g`,
  ],
  [
    '1,000,000 paid orders on past plots (2.1 tickets each on average, every 10th redeeming a client subscription)',
    `with past as (select p.id, p.product_id, (row_number() over (order by p.id) - 1)::int as k from plots p where p.date < current_date),
          pay as (select min(id) as first from payments where provider_reference like 'grown-%'),
          client as (select min(id) as first from clients where email like 'grown-%'),
          card as (select id, (row_number() over (order by id) - 1)::int as k from client_subscriptions where token = md5('cs-token-' || client_id))
     insert into orders (number, hash, kind, status, payment_id, client_id, customer, language, product_id, plot_id, client_subscription_id, quantity,
                         product_cents, total_cents, currency, created_at, updated_at)
     select 100000000 + g, md5('order-' || g), 'PRODUCT', 'PAID', pay.first + g - 1, case when g % 3 = 0 then client.first + g % 200000 end,
            jsonb_build_object('first_name', 'Grown', 'last_name', 'Buyer ' || g, 'email', 'buyer-' || g || '@example.test'),
            (array['en','nl','de','fr','es'])[1 + g % 5], past.product_id, past.id, case when g % 10 = 5 then card.id end,
            case when g % 10 < 3 then 1 when g % 10 < 7 then 2 when g % 10 < 9 then 3 else 4 end,
            2400, 2400, 'EUR', now() - (g % 700) * interval '1 day', now() - (g % 700) * interval '1 day'
     from generate_series(1, 1000000) g
     cross join pay cross join client
     join past on past.k = g % (select count(*) from past)
     left join card on card.k = (g / 10) % (select count(*) from card)`,
  ],
  [
    '1,200,000 order lines (a ticket line each, an upsell line on every 5th)',
    `insert into order_lines (order_id, kind, audience_id, upsell_id, quantity, unit_price_cents)
     select o.id, 'AUDIENCE', (select min(id) from audiences), null, o.quantity, 1200 from orders o where o.customer->>'first_name' = 'Grown'
     union all
     select o.id, 'UPSELL', null, (select min(id) from upsells), 1, 500 from orders o where o.customer->>'first_name' = 'Grown' and o.id % 5 = 0`,
  ],
  [
    '2,100,000 e-tickets',
    `insert into tickets (order_id, position, nonce, used_at, created_at)
     select o.id, position, md5('ticket-' || o.id || '-' || position), o.created_at, o.created_at
     from orders o cross join lateral generate_series(1, o.quantity) position where o.customer->>'first_name' = 'Grown'`,
  ],
  [
    '100,000 gift cards',
    `insert into gift_cards (code, voucher_id, credit_cents, expires_on, value_cents, page_hash, created_at)
     select 'GROWN-' || upper(substr(md5('gift-' || g), 1, 12)), (select min(id) from vouchers), 2500 * (g % 3), current_date + (g % 730) - 365, 2500,
            md5('gift-page-' || g), now() - (g % 700) * interval '1 day'
     from generate_series(1, 100000) g`,
  ],
  [
    '500,000 rate-limit windows (live)',
    `insert into rate_limit_windows (key, window_start, used, expires_at)
     select 'grown:address:' || md5('rate-' || g), date_trunc('minute', now()), 1 + g % 5, date_trunc('minute', now()) + interval '1 hour'
     from generate_series(1, 500000) g`,
  ],
  [
    '500,000 idempotency keys (answered, not yet expired)',
    `insert into idempotency_keys (key, fingerprint, status, headers, body, expires_at, created_at)
     select 'grown-' || md5('key-' || g), md5('fingerprint-' || g), 200, '{"content-type":"application/json"}'::jsonb, '{"hash":"x"}',
            now() + interval '23 hours', now() - interval '1 hour'
     from generate_series(1, 500000) g`,
  ],
  [
    '500,000 sent mails',
    `insert into outbox (kind, recipient, subject, text, html, attempts, sent_at, created_at)
     select 'order-confirmation', 'buyer-' || g || '@example.test', 'Your tickets', 'Thank you for your order.', '<p>Thank you for your order.</p>', 1,
            now() - (g % 700) * interval '1 day', now() - (g % 700) * interval '1 day'
     from generate_series(1, 500000) g`,
  ],
  [
    '500,000 sessions (live)',
    `insert into sessions (token_hash, client_id, expires_at, created_at)
     select md5('session-' || g), client.first + g % 200000, now() + interval '20 days', now() - interval '10 days'
     from generate_series(1, 500000) g, (select min(id) as first from clients where email like 'grown-%') client`,
  ],
  [
    '500,000 sign-in attempts',
    `insert into login_attempts (key, attempted_at)
     select 'grown:' || md5('login-' || (g % 250000)), now() - (g % 600) * interval '1 second'
     from generate_series(1, 500000) g`,
  ],
];

/**
 * The tables GROW fills: loaded without their secondary indexes and foreign-key checks, which are built (and hold) afterwards.
 * The orders are given their numbers (100,000,001 on): the column's default, next_order_number(), looks each drawn number
 * up in `orders`, which without its index made the load quadratic (hours for a million orders).
 */
const GROWN_TABLES = [
  'payments',
  'orders',
  'order_lines',
  'tickets',
  'clients',
  'client_subscriptions',
  'gift_cards',
  'rate_limit_windows',
  'idempotency_keys',
  'outbox',
  'sessions',
  'login_attempts',
];

/**
 * GROW on the grown shop as a bulk load: the secondary indexes of the grown tables are dropped and
 * built again after (one sort each instead of a million random inserts), and the foreign-key
 * triggers are off while loading (session_replication_role = replica: the rows are made to fit).
 */
export async function growShop(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const [plotsStep, ...rest] = GROW;
    await client.query(plotsStep[1]); // the plots: with their triggers (the catalogue version moves on)
    const { rows: indexes } = await client.query(
      `select i.indexname, i.indexdef from pg_indexes i
       where i.schemaname = 'public' and i.tablename = any($1::text[])
         and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
      [GROWN_TABLES],
    );
    for (const index of indexes) await client.query(`drop index "${index.indexname}"`);
    await client.query(`set session_replication_role = replica`);
    for (const [label, statement] of rest) {
      const started = performance.now();
      const result = await client.query(statement);
      console.log(`  ${label}: ${result.rowCount ?? 0} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    await client.query(`set session_replication_role = origin`);
    const started = performance.now();
    await client.query(`set maintenance_work_mem = '256MB'`);
    for (const index of indexes) await client.query(index.indexdef);
    console.log(`  ${indexes.length} indexes built again in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await client.end();
  }
}
