/**
 * npm run bench:documents — documents and the reports that add up, on a throw-away PostgreSQL database
 * (BENCH_DATABASE_URL admin URL, default postgres://postgres@127.0.0.1:5432/postgres); opt-in, never part of npm test.
 *
 * 1. A receipt's PDF rendered from its stored data (GET /api/backoffice/documents/{id} through app.inject): p50/p95
 *    over BENCH_RENDERS renders (default 200). Target: p95 < 100 ms.
 * 2. A day's sales report (GET /api/backoffice/reports) over BENCH_ORDERS paid orders placed that day (default
 *    1,000,000), each with its payment and receipt (one line), 1 % refunded, seeded by generate_series in SQL.
 *    Best and median of 5 runs. Target: < 1 s.
 * Exit 1 above a target.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/app.ts';
import { fixedClock } from '../server/clock.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { prepareDatabase } from '../server/db/prepare.ts';
import { rowsOf } from '../server/db/raw-rows.ts';
import { DEMO_STAFF } from '../server/db/seed/demo-staff.ts';
import { customerWith } from '../tests/server/helpers/customers.ts';

const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const renders = Number(process.env.BENCH_RENDERS ?? 200);
const orderCount = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const name = `shop_bench_documents_${process.pid}`;
const adminClient = new pg.Client(admin);
await adminClient.connect();
await adminClient.query(`create database ${name}`);
const url = new URL(admin);
url.pathname = `/${name}`;
const clock = fixedClock('2030-06-03T07:00:00Z');
const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
const pct = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;
let failed = false;
try {
  await database.migrate();
  await prepareDatabase(database, { seedDemo: true, now: clock.now() });
  const app = await buildApp({ db: database.db, config: loadConfig({ ...process.env, DATABASE_URL: url.toString() }), clock });
  const session = await app.inject({
    method: 'POST',
    url: '/api/backoffice/session',
    payload: { email: DEMO_STAFF.owner.email, password: DEMO_STAFF.owner.password },
  });
  if (session.statusCode !== 200) throw new Error(session.body);
  const headers = { cookie: `bo_session=${session.cookies.find((c) => c.name === 'bo_session')!.value}`, 'x-csrf-token': session.json().csrf_token as string };

  // 1. One receipt: two adult tickets (9 %), an audio guide (21 %), the booking fee (21 %).
  const [ids] = rowsOf<{ product: number; adult: number; upsell: number; plot: number }>(
    await database.db.execute(sql`
    select (select id from products where slug = 'aquarium-entry') as product,
           (select a.id from audiences a join product_audiences pa on pa.audience_id = a.id join products p on p.id = pa.product_id
             where p.slug = 'aquarium-entry' and a.texts->'en'->>'name' = 'Adult') as adult,
           (select id from upsells where price_cents = 400) as upsell,
           (select pl.id from plots pl join products p on p.id = pl.product_id where p.slug = 'aquarium-entry' and pl.date > '2030-06-04' order by pl.date, pl.start_time limit 1) as plot`),
  );
  if (!ids) throw new Error('the demo shop is missing');
  const placed = await app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      customer: customerWith('bench@example.test'),
      action: 'pay',
      language: 'nl',
      orders: [
        { product: { id: ids.product, plot: ids.plot, quantity: 2 }, audiences: { [ids.adult]: { quantity: 2 } }, upsells: { [ids.upsell]: { quantity: 1 } } },
      ],
    },
  });
  if (placed.statusCode !== 200) throw new Error(placed.body);
  await app.services.settlement.settle(placed.json().response.orders[0].payment.hash, 'paid', { key: 'bench:receipt' });
  const [receipt] = rowsOf<{ id: number }>(await database.db.execute(sql`select id from documents order by id limit 1`));
  if (!receipt) throw new Error('no receipt issued');
  const times: number[] = [];
  for (let index = 0; index < renders + 10; index += 1) {
    const start = performance.now();
    const answer = await app.inject({ url: `/api/backoffice/documents/${receipt.id}`, headers });
    const ms = performance.now() - start;
    if (answer.statusCode !== 200 || answer.rawPayload.subarray(0, 5).toString() !== '%PDF-') throw new Error(`render: ${answer.statusCode}`);
    if (index >= 10) times.push(ms);
  }
  const renderP95 = pct(times, 95);
  console.log(`receipt PDF: n=${times.length} p50=${pct(times, 50).toFixed(1)} ms p95=${renderP95.toFixed(1)} ms (target < 100 ms)`);
  failed ||= renderP95 >= 100;

  // 2. A day of BENCH_ORDERS paid orders, each with its payment and receipt line; 1 % refunded.
  const seedStart = performance.now();
  const data = JSON.stringify({ kind: 'RECEIPT', lines: [] });
  await database.db.execute(
    sql.raw(`
    insert into payments (hash, gateway, type, status, amount_cents, currency, created_at)
      select 'bench-pay-' || g, case when g % 3 = 0 then 'stripe' else 'test' end, 'REDIRECT', 'paid', 3700, 'EUR', timestamptz '2030-06-03 10:00+02' + (g % 36000) * interval '1 second'
      from generate_series(1, ${orderCount}) g;
    insert into orders (number, hash, kind, status, payment_id, customer, language, product_id, quantity, product_cents, total_cents, currency, created_at)
      select 100000000 + g, 'bench-order-' || g, 'PRODUCT', 'PAID', p.id, '{"first_name":"A","last_name":"B","email":"a@b.test","fields":{}}', 'en',
             ${ids.product}, 2, 3700, 3700, 'EUR', p.created_at
      from generate_series(1, ${orderCount}) g join payments p on p.hash = 'bench-pay-' || g;
    insert into documents (organisation_id, kind, series, year, number, order_id, payment_id, language, currency, channel, gross_cents, net_cents, tax_cents, data, issued_at)
      select (select id from organisations limit 1), 'RECEIPT', 'RC', 2030, 1000 + o.id, o.id, o.payment_id, 'en', 'EUR', 'test', 3700, 3394, 306, '${data}', o.created_at
      from orders o where o.hash like 'bench-order-%';
    insert into document_lines (document_id, position, kind, product_id, quantity, rate_bp, tax_kind, tax_name, gross_cents, net_cents, tax_cents)
      select d.id, 0, 'TICKET', ${ids.product}, 2, 900, 'STANDARD', 'BTW 9 %', 3700, 3394, 306 from documents d where d.number >= 1000;
    insert into payment_refunds (payment_id, order_id, amount_cents, reason, idempotency_key, status, created_at)
      select o.payment_id, o.id, 1850, 'bench', 'bench-refund-' || o.id, 'done', o.created_at + interval '1 minute'
      from orders o where o.hash like 'bench-order-%' and o.id % 100 = 0;
    analyze;`),
  );
  console.log(
    `seeded ${orderCount.toLocaleString('en')} orders with payments, receipts and 1 % refunds in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );
  const runs: number[] = [];
  let answer: { totals: { gross: number; refunds: number; net: number; tax: number } } | null = null;
  for (let run = 0; run < 5; run += 1) {
    const start = performance.now();
    const response = await app.inject({ url: '/api/backoffice/reports?from=2030-06-03&to=2030-06-03', headers });
    runs.push(performance.now() - start);
    if (response.statusCode !== 200) throw new Error(response.body);
    answer = response.json();
  }
  console.log(
    `day report over ${orderCount.toLocaleString('en')} orders: best ${Math.min(...runs).toFixed(0)} ms, median ${pct(runs, 50).toFixed(0)} ms (target < 1000 ms); totals ${JSON.stringify(answer?.totals)}`,
  );
  failed ||= pct(runs, 50) >= 1000;
  await app.close();
} finally {
  await database.close();
  if (!process.env.BENCH_KEEP) await adminClient.query(`drop database if exists ${name} with (force)`);
  await adminClient.end();
}
process.exitCode = failed ? 1 : 0;
