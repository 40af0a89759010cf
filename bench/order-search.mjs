#!/usr/bin/env node
/**
 * npm run bench:order-search — the orders desk's search on a grown shop (issue 21: ≤ 100 ms p95
 * over 1,000,000 orders on PostgreSQL). Creates a throw-away database (BENCH_DATABASE_URL's server,
 * name BENCH_DATABASE_PREFIX (shop_bench) + _order_search_<pid>), lets the shop migrate and seed it
 * (one API process, port BENCH_PORT, default 4370), grows it by the same bulk SQL as bench/growth.mjs
 * (bench/grown-shop.mjs: 1,000,000 paid orders, 2.1 M e-tickets, 100,000 gift cards, ...), adds
 * 20,000 gift-card payments and 2,000 refunded orders, runs `vacuum analyze`, then
 * bench/order-search-queries.ts times the server's own search function (server/modules/order-desk)
 * on it: each kind of search BENCH_SEARCHES (40) times with different inputs, after one warm-up
 * pass. Prints p50/p95/max per kind and over all searches; exit 1 when the overall p95 is above
 * 100 ms. BENCH_DATABASE=<name> reuses a grown database kept before (BENCH_KEEP=1 keeps it).
 */
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { growShop } from './grown-shop.mjs';
import { productionEnv, startShop, throwAwayDatabase } from './shop-server.mjs';

const env = process.env;
const port = Number(env.BENCH_PORT || 4370);
const prefix = env.BENCH_DATABASE_PREFIX || 'shop_bench';
const reuse = env.BENCH_DATABASE || null;
const database = throwAwayDatabase(reuse ?? `${prefix}_order_search_${process.pid}`);
const TARGET_MS = 100;

/** Gift cards spent on grown payments, and refunded orders: what the gift-card and status searches find. */
const EXTRA = [
  `insert into gift_card_debits (gift_card_id, payment_id, amount_cents, created_at)
   select g.id, p.first + (g.id * 37) % 1000000, 1000, now() - interval '30 days'
   from (select id from gift_cards where code like 'GROWN-%' order by id limit 20000) g,
        (select min(id) as first from payments where provider_reference like 'grown-%') p`,
  `with picked as (select id, payment_id from orders where customer->>'first_name' = 'Grown' and id % 500 = 7)
   , refunded as (update orders set status = 'REFUNDED' where id in (select id from picked) returning payment_id)
   update payments set status = 'refunded' where id in (select payment_id from refunded)`,
];

async function run(statements) {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

let exitCode = 0;
try {
  if (!reuse) {
    await database.create();
    const started = performance.now();
    const shop = await startShop({ port, staticDir: '', databaseUrl: database.url, env: productionEnv });
    await shop.stop();
    console.log(`growing ${database.name}:`);
    await growShop(database.url);
    await run(EXTRA);
    await run(['vacuum analyze']);
    console.log(`grown shop built in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  const result = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'bench/order-search-queries.ts', database.url, env.BENCH_SEARCHES || '40'], {
    env: { ...process.env, ...productionEnv, SEED_DEMO: 'false' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`bench/order-search-queries.ts exited with ${result.status}`);
  const report = JSON.parse(result.stdout.trim().split('\n').pop());
  console.log(`orders: ${report.orders}`);
  const ms = (value) => `${value.toFixed(1).padStart(7)} ms`;
  for (const [kind, figures] of Object.entries(report.kinds)) {
    console.log(`  ${kind.padEnd(34)} p50 ${ms(figures.p50)}  p95 ${ms(figures.p95)}  max ${ms(figures.max)}  (${figures.found} found on average)`);
  }
  console.log(`all ${report.count} searches: p50 ${ms(report.p50)}  p95 ${ms(report.p95)}  (target p95 ≤ ${TARGET_MS} ms)`);
  if (report.p95 > TARGET_MS) exitCode = 1;
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  if (env.BENCH_KEEP === '1' || reuse) console.log(`kept ${database.name}`);
  else await database.drop();
}
process.exit(exitCode);
