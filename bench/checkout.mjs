#!/usr/bin/env node
/**
 * npm run bench:checkout — checkout throughput and the capacity guard under load, loopback only.
 * Creates a throw-away PostgreSQL database (admin URL from BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres → BENCH_DATABASE_PREFIX, default shop_bench, + _<pid>) and starts BENCH_PROCESSES API
 * processes (default 2, ports from BENCH_PORT, default 4320; each with a pool of 10 connections, BENCH_POOL: the bare
 * run's 20 in all) on it. Then, in one run:
 *  1. SPREAD: BENCH_BUYERS concurrent buyers (default 50) submit 1-ticket orders over HTTP, spread
 *     over the zoo day ticket's slots of the next 60 days, for BENCH_SPREAD_ORDERS submissions
 *     (default 8,000) or BENCH_SECONDS (default 30): orders/s, p50/p99. With BENCH_IDEMPOTENCY=1
 *     every submission (the hot slot's too) carries a fresh Idempotency-Key, as the storefront's do.
 *  2. SQL: the bare guarded transaction on a scratch table pair in the same database — BEGIN;
 *     UPDATE bench_slot SET taken = taken + 1 WHERE id = $1 AND taken + 1 <= capacity; INSERT one
 *     bench_order row; COMMIT — by 50 concurrent workers over a pg pool of 20, as many
 *     transactions as the spread run made, spread over 60 slot rows: tx/s.
 *  3. HOT SLOT: the same buyers submit BENCH_ORDERS (default 3,000) orders for ONE slot of
 *     BENCH_CAPACITY places (default 2,000), however long it takes: exactly capacity accepted and
 *     taken, 0 oversold, else exit 1.
 * Both the spread run and the SQL run are timed after BENCH_WARMUP (default 8,000) untimed submissions or
 * transactions, so that both measure a running server, not V8 compiling it: an API process spends
 * ≈1.2 ms of CPU per order over its first 2,000 orders (JIT), ≈0.4 ms from its ~8,000th on.
 * HTTP goes over one keep-alive connection per buyer (node:http Agent).
 * Prints each, and `ratio spread/SQL`, the figure the issue targets (≥ 0.3). Drops the database after.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { productionEnv, startShop, throwAwayDatabase } from './shop-server.mjs';

const env = process.env;
const processes = Number(env.BENCH_PROCESSES || 2);
const buyers = Number(env.BENCH_BUYERS || 50);
const capacity = Number(env.BENCH_CAPACITY || 2000);
const maxOrders = Number(env.BENCH_ORDERS || 3000);
const spreadOrders = Number(env.BENCH_SPREAD_ORDERS || 8000);
const maxSeconds = Number(env.BENCH_SECONDS || 30);
const sqlWorkers = 50;
const sqlPoolSize = 20;
const spreadDays = 60;
/** BENCH_IDEMPOTENCY=1: every submission carries an Idempotency-Key, as the storefront's do. */
const withKeys = env.BENCH_IDEMPOTENCY === '1';
// Not timed, on both sides: JIT (its optimising compiler works through the hot code over the
// first few thousand orders of each process), connection set-up and the pools' first connections.
const warmUp = Number(env.BENCH_WARMUP || 8000);
// The load generator shares the machine's cores with what it measures: one keep-alive connection per
// buyer over node:http (lighter than fetch), so it spends as little CPU per request as it can.
const agent = new http.Agent({ keepAlive: true, maxSockets: buyers });
const database = throwAwayDatabase(`${env.BENCH_DATABASE_PREFIX || 'shop_bench'}_${process.pid}`);
/** The API processes: `{ pid, stop }`. */
const apis = [];
/** The bench's own small pool, for set-up, checks and the CPU figures. */
let statsPool;

/** CPU ms (user + system) used so far by each of the given processes, read from /proc (missing where it cannot be read). */
function cpuMsOf(pids) {
  const tick = 10; // USER_HZ = 100 on Linux
  const used = new Map();
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      used.set(pid, (Number(fields[11]) + Number(fields[12])) * tick);
    } catch {
      // gone, or not Linux
    }
  }
  return used;
}

/** A snapshot of the CPU used by the API processes and by the database's backends (local server: a process each). */
async function cpuSnapshot(pool) {
  const { rows } = await pool.query('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
  return { api: cpuMsOf(apis.map((api) => api.pid)), db: cpuMsOf(rows.map((row) => row.pid)) };
}

/** CPU ms per unit since `before`, for the API processes and the database (backends opened since count in full). */
async function cpuSince(pool, before, units) {
  const now = await cpuSnapshot(pool);
  const spent = (side) => [...now[side]].reduce((sum, [pid, ms]) => sum + ms - (before[side].get(pid) ?? 0), 0) / Math.max(1, units);
  return { api: spent('api'), db: spent('db') };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function startApi(port) {
  // BENCH_CPU_PROF=<dir>: the first API process writes a V8 CPU profile there when it stops.
  const profile = env.BENCH_CPU_PROF && apis.length === 0 ? ['--cpu-prof', `--cpu-prof-dir=${env.BENCH_CPU_PROF}`] : [];
  apis.push(
    await startShop({
      port,
      staticDir: '',
      databaseUrl: database.url,
      nodeArgs: profile,
      env: { ...productionEnv, DB_POOL_SIZE: env.BENCH_POOL || String(Math.max(1, Math.round(sqlPoolSize / processes))) },
    }),
  );
}

async function stopApis() {
  await Promise.all(apis.map((api) => api.stop()));
}

/** The zoo day ticket's slots from tomorrow on, one per day for 60 days, with room for every buyer. */
async function spreadPlots(pool) {
  const { rows } = await pool.query(
    `select p.id as plot, p.product_id as product from plots p join products pr on pr.id = p.product_id
     where pr.slug = 'zoo-day-ticket' and p.date > current_date and p.date <= current_date + $1::int order by p.date`,
    [spreadDays],
  );
  await pool.query('update plots set capacity = 1000000, sold = 0, held = 0, order_count = 0, max_orders = null where id = any($1::int[])', [
    rows.map((row) => row.plot),
  ]);
  return rows;
}

const customer = {
  first_name: 'Bench',
  last_name: 'Buyer',
  email: 'bench@example.test',
  fields: { email_confirm: 'bench@example.test', heard_about_us: 'friends' },
};

/** One POST /api/orders over the keep-alive agent: its status once the answer is read. */
function submit(port, body) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/orders',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          // As the storefront submits: a fresh key per attempt (claimed, bound and answered by the API).
          ...(withKeys ? { 'idempotency-key': randomUUID() } : {}),
        },
      },
      (response) => {
        response.on('data', () => undefined);
        response.on('end', () => resolve(response.statusCode));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** `targets`: the slots to buy, taken in turn; `total`: how many submissions at most; `seconds`: for how long at most. */
async function runApi(ports, targets, total, limitSeconds = maxSeconds) {
  const bodies = targets.map((target) =>
    Buffer.from(JSON.stringify({ customer, orders: [{ product: { id: target.product, plot: target.plot, quantity: 1 } }] })),
  );
  const latencies = [];
  let sent = 0;
  let okCount = 0;
  let refused = 0;
  let failed = 0;
  const deadline = Date.now() + limitSeconds * 1000;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const processesBefore = await cpuSnapshot(statsPool);
  await Promise.all(
    Array.from({ length: buyers }, async (_, buyer) => {
      while (sent < total && Date.now() < deadline) {
        const body = bodies[sent % bodies.length];
        sent += 1;
        const t0 = performance.now();
        const status = await submit(ports[(buyer + sent) % ports.length], body);
        latencies.push(performance.now() - t0);
        if (status === 200) okCount += 1;
        else if (status === 409) refused += 1;
        else failed += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const spent = await cpuSince(statsPool, processesBefore, sent);
  latencies.sort((a, b) => a - b);
  return {
    sent,
    okCount,
    refused,
    failed,
    seconds,
    rate: sent / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    /** The load generator's own CPU, in ms per request. */
    generatorMs: (cpu.user + cpu.system) / 1000 / Math.max(1, sent),
    apiMs: spent.api,
    dbMs: spent.db,
  };
}

/** The bare guarded transaction on a scratch table pair: 50 workers over a pool of 20, spread over 60 slots. */
async function runSql(count) {
  const setup = new pg.Client({ connectionString: database.url });
  await setup.connect();
  await setup.query('create table bench_slot (id int primary key, capacity int not null, taken int not null default 0)');
  await setup.query(
    'create table bench_order (id bigint generated always as identity primary key, slot_id int not null references bench_slot (id), hash text not null, created_at timestamptz not null default now())',
  );
  await setup.query('insert into bench_slot (id, capacity) select g, 1000000 from generate_series(1, $1::int) g', [spreadDays]);
  await setup.end();
  const pool = new pg.Pool({ connectionString: database.url, max: sqlPoolSize });
  let next = 0;
  let refused = 0;
  let limit = warmUp;
  const run = () =>
    Promise.all(
      Array.from({ length: sqlWorkers }, async () => {
        while (next < limit) {
          const slot = (next++ % spreadDays) + 1;
          const client = await pool.connect();
          try {
            await client.query('begin');
            const guarded = await client.query('update bench_slot set taken = taken + 1 where id = $1 and taken + 1 <= capacity', [slot]);
            if (guarded.rowCount === 1) await client.query('insert into bench_order (slot_id, hash) values ($1, md5(random()::text))', [slot]);
            else refused += 1;
            await client.query('commit');
          } finally {
            client.release();
          }
        }
      }),
    );
  await run();
  next = 0;
  refused = 0;
  limit = count;
  const processesBefore = await cpuSnapshot(statsPool);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await run();
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const spent = await cpuSince(statsPool, processesBefore, count);
  await pool.end();
  return { count, refused, seconds, rate: count / seconds, clientMs: (cpu.user + cpu.system) / 1000 / count, dbMs: spent.db };
}

let exitCode = 0;
await database.create();
try {
  // Below the ephemeral range (32768+), so no outgoing connection can hold one of them.
  const basePort = Number(env.BENCH_PORT || 4320);
  const ports = Array.from({ length: processes }, (_, index) => basePort + index);
  await startApi(ports[0]); // the first one migrates and seeds
  await Promise.all(ports.slice(1).map(startApi));
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
  pool.on('error', () => undefined); // the database is force-dropped at the end
  statsPool = pool;

  // 1. Spread over 60 days of slots, after a warm-up on the same slots.
  const targets = await spreadPlots(pool);
  const warm = await runApi(ports, targets, warmUp);
  if (warm.failed > 0) throw new Error(`${warm.failed} warm-up submissions failed`);
  const spread = await runApi(ports, targets, spreadOrders);

  // 2. The bare guarded SQL, as many transactions as the spread run made.
  const bare = await runSql(spread.sent);

  // 3. One hot slot: exact under contention.
  const { rows: hotRows } = await pool.query(
    `select p.id as plot, p.product_id as product from plots p join products pr on pr.id = p.product_id
     where pr.slug = 'zoo-day-ticket' and p.date > current_date + $1::int order by p.date limit 1`,
    [spreadDays],
  );
  const hot = hotRows[0];
  await pool.query('update plots set capacity = $2, sold = 0, held = 0, order_count = 0, max_orders = null where id = $1', [hot.plot, capacity]);
  // Not cut short by BENCH_SECONDS: the slot must end exactly sold out.
  const api = await runApi(ports, [hot], maxOrders, Number.POSITIVE_INFINITY);
  const { rows } = await pool.query(
    `select p.capacity, p.sold + coalesce((select sum(quantity) from holds h where h.plot_id = p.id and h.expires_at > now()), 0)::int as taken from plots p where p.id = $1`,
    [hot.plot],
  );
  const oversold = Math.max(0, rows[0].taken - rows[0].capacity);
  await stopApis();
  await pool.end();

  console.log(
    `checkout bench: ${processes} API processes on one PostgreSQL, ${buyers} concurrent buyers, 1-ticket orders${withKeys ? ', each with an Idempotency-Key' : ''}`,
  );
  console.log(`  (both measured after ${warmUp} untimed warm-up submissions/transactions; HTTP over keep-alive connections)`);
  console.log(`  SPREAD over ${spreadDays} days of slots: ${spread.sent} submissions in ${spread.seconds.toFixed(2)} s = ${spread.rate.toFixed(0)} orders/s`);
  console.log(
    `        p50 ${spread.p50.toFixed(1)} ms, p99 ${spread.p99.toFixed(1)} ms; accepted ${spread.okCount}, refused (409) ${spread.refused}, other errors ${spread.failed}`,
  );
  console.log(
    `  SQL   ${bare.count} bare guarded transactions (UPDATE slot + INSERT order) by ${sqlWorkers} workers over a pool of ${sqlPoolSize} in ${bare.seconds.toFixed(2)} s = ${bare.rate.toFixed(0)} tx/s`,
  );
  console.log(
    `  CPU per order/transaction: API processes ${spread.apiMs.toFixed(2)} ms, database ${spread.dbMs.toFixed(2)} ms, load generator ${spread.generatorMs.toFixed(2)} ms` +
      ` | bare SQL: database ${bare.dbMs.toFixed(2)} ms, its client ${bare.clientMs.toFixed(2)} ms`,
  );
  console.log(`  ratio spread/SQL = ${(spread.rate / bare.rate).toFixed(2)}`);
  console.log(
    `  HOT SLOT (capacity ${capacity}): ${api.sent} submissions in ${api.seconds.toFixed(2)} s = ${api.rate.toFixed(0)} orders/s, p50 ${api.p50.toFixed(1)} ms, p99 ${api.p99.toFixed(1)} ms`,
  );
  console.log(
    `        accepted ${api.okCount}, refused (409) ${api.refused}, other errors ${api.failed}; places taken ${rows[0].taken} of ${rows[0].capacity}; OVERSOLD ${oversold}`,
  );
  if (oversold !== 0 || rows[0].taken !== Math.min(capacity, api.sent) || api.okCount !== Math.min(capacity, api.sent) || spread.failed > 0 || api.failed > 0) {
    console.error('FAIL: the hot slot was oversold or accepted a wrong number of orders, or a submission failed');
    exitCode = 1;
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await stopApis();
  await database.drop();
}
process.exit(exitCode);
