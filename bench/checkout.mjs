#!/usr/bin/env node
/**
 * npm run bench:checkout — checkout throughput and the capacity guard under load, loopback only.
 * Creates a throw-away PostgreSQL database (admin URL from BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres → shop_bench_<pid>), starts BENCH_PROCESSES API
 * processes (default 2) on it, sets one hot plot to BENCH_CAPACITY places (default 2,000) and fires
 * BENCH_BUYERS concurrent buyers (default 50) until BENCH_ORDERS submissions (default 3,000) or
 * BENCH_SECONDS (default 60) have passed. Prints orders/s, p50/p99, refused and OVERSOLD (exit 1 if
 * not 0); then the rate of the bare guarding SQL (lock plot, count live holds, count the order,
 * insert the hold) run directly by 50 pg clients, and the API/SQL ratio. Drops the database after.
 */
import { spawn } from 'node:child_process';
import pg from 'pg';

const env = process.env;
const adminUrl = env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const processes = Number(env.BENCH_PROCESSES || 2);
const buyers = Number(env.BENCH_BUYERS || 50);
const capacity = Number(env.BENCH_CAPACITY || 2000);
const maxOrders = Number(env.BENCH_ORDERS || 3000);
const maxSeconds = Number(env.BENCH_SECONDS || 60);
const sqlClients = 50;
const database = `shop_bench_${process.pid}`;
const dbUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
})();
const children = [];

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function admin(statement) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function startApi(port) {
  const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server/main.ts'], {
    env: { ...env, DATABASE_URL: dbUrl, PORT: String(port), HOST: '127.0.0.1', STATIC_DIR: '', SEED_DEMO: 'true', SECURITY_ENABLED: 'false', LOG_LEVEL: 'warn', DB_POOL_SIZE: '20', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  for (let attempt = 0; attempt < 600; attempt += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`API on port ${port} did not start`);
}

async function stopApis() {
  await Promise.all(
    children.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', resolve), child.kill('SIGTERM'))))),
  );
}

async function hotPlot(pool) {
  const { rows } = await pool.query(
    `select p.id as plot, p.product_id as product from plots p join products pr on pr.id = p.product_id
     where pr.slug = 'zoo-day-ticket' and p.date > current_date + 2 order by p.date limit 2`,
  );
  return rows;
}

async function runApi(ports, target) {
  const customer = { first_name: 'Bench', last_name: 'Buyer', email: 'bench@example.test', fields: { email_confirm: 'bench@example.test', heard_about_us: 'friends' } };
  const body = JSON.stringify({ customer, orders: [{ product: { id: target.product, plot: target.plot, quantity: 1 } }] });
  const latencies = [];
  let sent = 0;
  let okCount = 0;
  let refused = 0;
  let failed = 0;
  const deadline = Date.now() + maxSeconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: buyers }, async (_, buyer) => {
      while (sent < maxOrders && Date.now() < deadline) {
        sent += 1;
        const t0 = performance.now();
        const response = await fetch(`http://127.0.0.1:${ports[(buyer + sent) % ports.length]}/api/orders`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        await response.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (response.status === 200) okCount += 1;
        else if (response.status === 409) refused += 1;
        else failed += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { sent, okCount, refused, failed, seconds, rate: sent / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

/** The guarding statements of one checkout, bare: lock the plot, count live holds, count the order, insert a hold. */
async function runSql(pool, plotId, orderIds) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: sqlClients }, async () => {
      const client = await pool.connect();
      try {
        while (next < orderIds.length) {
          const orderId = orderIds[next++];
          const now = new Date();
          await client.query('begin');
          const { rows } = await client.query('select capacity, sold from plots where id = $1 for update', [plotId]);
          const held = await client.query('select coalesce(sum(quantity), 0)::int as n from holds where plot_id = $1 and expires_at > $2', [plotId, now]);
          if (rows[0].capacity === null || rows[0].capacity - rows[0].sold - held.rows[0].n >= 1) {
            await client.query('update plots set order_count = order_count + 1 where id = $1', [plotId]);
            await client.query('insert into holds (plot_id, order_id, quantity, expires_at) values ($1, $2, 1, $3)', [plotId, orderId, new Date(now.getTime() + 15 * 60_000)]);
          }
          await client.query('commit');
        }
      } finally {
        client.release();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { count: orderIds.length, seconds, rate: orderIds.length / seconds };
}

let exitCode = 0;
await admin(`create database ${database}`);
try {
  // Below the ephemeral range (32768+), so no outgoing connection can hold one of them.
  const basePort = Number(env.BENCH_PORT || 4320);
  const ports = Array.from({ length: processes }, (_, index) => basePort + index);
  await startApi(ports[0]); // the first one migrates and seeds
  await Promise.all(ports.slice(1).map(startApi));
  const pool = new pg.Pool({ connectionString: dbUrl, max: sqlClients + 2 });
  pool.on('error', () => undefined); // the database is force-dropped at the end
  const [target, sqlTarget] = await hotPlot(pool);
  await pool.query('update plots set capacity = $2, sold = 0, order_count = 0, max_orders = null where id = $1', [target.plot, capacity]);

  const api = await runApi(ports, target);
  const { rows } = await pool.query(
    `select p.capacity, p.sold + coalesce((select sum(quantity) from holds h where h.plot_id = p.id and h.expires_at > now()), 0)::int as taken from plots p where p.id = $1`,
    [target.plot],
  );
  const oversold = Math.max(0, rows[0].taken - rows[0].capacity);
  await stopApis();

  // The SQL run: another plot, the same capacity, one pre-made order per hold.
  await pool.query('update plots set capacity = $2, sold = 0, order_count = 0, max_orders = null where id = $1', [sqlTarget.plot, capacity]);
  const made = await pool.query(
    `insert into orders (hash, kind, status, customer, language, currency, product_id, plot_id, quantity)
     select md5(random()::text || g), 'PRODUCT', 'PENDING', '{}'::jsonb, 'en', 'EUR', $1, $2, 1 from generate_series(1, $3) g returning id`,
    [sqlTarget.product, sqlTarget.plot, api.sent],
  );
  const bare = await runSql(pool, sqlTarget.plot, made.rows.map((row) => row.id));
  await pool.end();

  console.log(`checkout bench: ${processes} API processes, ${buyers} concurrent buyers, hot plot capacity ${capacity}`);
  console.log(`  API   ${api.sent} submissions in ${api.seconds.toFixed(2)} s = ${api.rate.toFixed(0)} orders/s`);
  console.log(`        p50 ${api.p50.toFixed(1)} ms, p99 ${api.p99.toFixed(1)} ms; accepted ${api.okCount}, refused (409) ${api.refused}, other errors ${api.failed}`);
  console.log(`        places taken ${rows[0].taken} of ${rows[0].capacity}; OVERSOLD ${oversold}`);
  console.log(`  SQL   ${bare.count} bare guarded transactions by ${sqlClients} clients in ${bare.seconds.toFixed(2)} s = ${bare.rate.toFixed(0)} tx/s`);
  console.log(`  ratio API/SQL = ${(api.rate / bare.rate).toFixed(2)}`);
  if (oversold !== 0 || api.okCount !== Math.min(capacity, api.sent)) {
    console.error('FAIL: the hot plot was oversold or accepted a wrong number of orders');
    exitCode = 1;
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await stopApis();
  await admin(`drop database if exists ${database} with (force)`).catch((error) => console.error('could not drop', database, error.message));
}
process.exit(exitCode);
