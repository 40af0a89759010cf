// npm run bench:rush — an on-sale rush without a queue (issue 22). RUSH_SHOPPERS (default 5,000) shoppers
// arrive evenly within RUSH_ARRIVAL_SECONDS (default 30) for one product (the zoo day ticket) whose next two
// slots hold RUSH_PLACES (default 1,000) places in all. Each does what the storefront does, in order:
//   product    GET /api/products/{id}
//   plots      GET /api/products/{id}/plots (the window the date step asks for)
//   simulate   POST /api/orders with simulate: true (the price the customer step shows)
//   order      POST /api/orders (pay, two tickets, an Idempotency-Key) on the slot with more room
//   pay        POST /api/test-gateway/{payment}/pay (the test gateway's "Pay" button)
// against 2 API processes (the compiled server, production settings, RATE LIMITS ON) and one PostgreSQL
// database made for the run (BENCH_DATABASE_URL admin URL, as bench:checkout). Every shopper comes from
// its own loopback address (127.20.x.y, bound with localAddress), so the per-address limits are the
// production ones and no shopper shares another's.
// Prints accepted orders/s, p50/p99 per step, refusals by code, and the checks: exactly RUSH_PLACES
// places sold, every refused shopper told with a code, no 5xx, no request past 10 s, nothing oversold;
// and the targets: order p99 ≤ 1 s, the whole rush served in ≤ 45 s. Then it runs the bare guarded SQL
// transaction of bench:checkout on the same database and prints the ratio of accepted orders/s to it.
// Exit code 1 when a check fails (targets are reported, not enforced: the machine may be shared).
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import pg from 'pg';
import { productionEnv, startShop, throwAwayDatabase } from './shop-server.mjs';

const env = process.env;
const shoppers = Number(env.RUSH_SHOPPERS || 5000);
const arrivalSeconds = Number(env.RUSH_ARRIVAL_SECONDS || 30);
const places = Number(env.RUSH_PLACES || 1000);
const perOrder = 2;
const basePort = Number(env.RUSH_PORT || 4580);
const processes = 2;
const hangMs = 10_000;
const STEPS = ['product', 'plots', 'simulate', 'order', 'pay'];
const database = throwAwayDatabase(`${env.BENCH_DATABASE_PREFIX || 'shop_rush'}_${process.pid}`);
const apis = [];

const customerOf = (index) => {
  const email = `rush${index}@example.test`;
  return { first_name: 'Rush', last_name: `Shopper ${index}`, email, fields: { email_confirm: email, heard_about_us: 'friends' } };
};

/** The shopper's own loopback address: 127.20.0.1 on, never 127.0.0.1 (the whole 127/8 is local on Linux). */
const addressOf = (index) => `127.${20 + ((index + 1) >> 16)}.${((index + 1) >> 8) & 255}.${(index + 1) & 255}`;

/** One request from `localAddress`; resolves { status, body, ms } or { status: 0, error } (a hang past 10 s is an error). */
function request(agent, port, method, path, payload, headers = {}) {
  const body = payload === undefined ? null : JSON.stringify(payload);
  const started = performance.now();
  return new Promise((resolve) => {
    const outgoing = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method,
        path,
        // As a browser asks: compressed answers taken (the 60-day plots are ≈130 kB of JSON, ≈4 kB gzipped).
        headers: {
          'accept-encoding': 'gzip, deflate, br',
          ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
          ...headers,
        },
        timeout: hangMs,
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = response.headers['content-encoding'];
          const text = (encoding === 'gzip' ? gunzipSync(raw) : encoding === 'br' ? brotliDecompressSync(raw) : raw).toString('utf8');
          let json = null;
          try {
            json = text ? JSON.parse(text) : null;
          } catch {
            // not JSON (a redirect's empty body)
          }
          const ended = performance.now();
          resolve({ status: response.statusCode ?? 0, body: json, ms: ended - started, started, ended });
        });
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('HANG')));
    outgoing.on('error', (error) => resolve({ status: 0, error: error.message, ms: performance.now() - started, started, ended: performance.now() }));
    outgoing.end(body ?? undefined);
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function rushSlots(pool) {
  const { rows } = await pool.query(
    `select p.id as plot, p.product_id as product from plots p join products pr on pr.id = p.product_id
     where pr.slug = 'zoo-day-ticket' and p.date > current_date order by p.date limit 2`,
  );
  if (rows.length !== 2) throw new Error('the demo shop has no two zoo-day-ticket slots after today');
  const each = Math.floor(places / 2);
  await pool.query('update plots set capacity = $2, sold = 0, held = 0, order_count = 0, max_orders = null where id = $1', [rows[0].plot, places - each]);
  await pool.query('update plots set capacity = $2, sold = 0, held = 0, order_count = 0, max_orders = null where id = $1', [rows[1].plot, each]);
  return { product: rows[0].product, plots: rows.map((row) => row.plot) };
}

/** One shopper's visit; records each step's time and the outcome. */
async function shopper(index, port, target, record) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: addressOf(index) });
  const outcome = { index, steps: {}, result: 'pending', code: null };
  const step = async (name, method, path, payload, headers) => {
    const answer = await request(agent, port, method, path, payload, headers);
    outcome.steps[name] = answer;
    return answer;
  };
  try {
    const product = await step('product', 'GET', `/api/products/${target.product}`);
    if (product.status !== 200) return refused(outcome, product);
    const plots = await step('plots', 'GET', `/api/products/${target.product}/plots?order[quantity]=${perOrder}`);
    if (plots.status !== 200) return refused(outcome, plots);
    const listed = Array.isArray(plots.body) ? plots.body.filter((plot) => target.plots.includes(plot.id)) : [];
    // As the storefront: a slot the listing marks not selectable (sold out for this quantity) cannot be
    // picked; the shopper is told so there (and offered the waiting list). A listing up to the answer
    // cache's age old may still offer a slot that has just sold out: the order step then says so.
    const open = listed.filter((plot) => plot.selectable !== false);
    if (open.length === 0) return refused(outcome, { status: plots.status, body: { error: 'LISTED_SOLD_OUT' } });
    // The slot with more room, as a shopper picks.
    const chosen = open.sort((a, b) => (b.availability?.amount ?? 0) - (a.availability?.amount ?? 0))[0].id;
    const lines = [{ product: { id: target.product, plot: chosen, quantity: perOrder } }];
    const simulated = await step('simulate', 'POST', '/api/orders', { customer: customerOf(index), simulate: true, orders: lines });
    if (simulated.status !== 200) return refused(outcome, simulated);
    const ordered = await step('order', 'POST', '/api/orders', { customer: customerOf(index), orders: lines }, { 'idempotency-key': randomUUID() });
    if (ordered.status !== 200) return refused(outcome, ordered);
    const payment = ordered.body?.response?.orders?.[0]?.payment?.hash;
    if (!payment) return refused(outcome, { status: ordered.status, body: { error: 'NO_PAYMENT' } });
    const paid = await step('pay', 'POST', `/api/test-gateway/${payment}/pay`);
    outcome.result = paid.status === 303 ? 'paid' : 'pay-failed';
    if (paid.status !== 303) outcome.code = paid.body?.error ?? `HTTP_${paid.status}`;
  } finally {
    agent.destroy();
    record(outcome);
  }
}

function refused(outcome, answer) {
  outcome.result = answer.status === 0 ? (answer.error === 'HANG' ? 'hang' : 'network') : answer.status >= 500 ? '5xx' : 'refused';
  outcome.code = answer.body?.error ?? (answer.status === 0 ? answer.error : null);
  outcome.status = answer.status;
}

/** The bare guarded transaction of bench:checkout (BEGIN; conditional UPDATE of a slot; INSERT an order; COMMIT): 50 workers, pool of 20. */
async function bareSql(count) {
  const setup = new pg.Client({ connectionString: database.url });
  await setup.connect();
  await setup.query('create table bench_slot (id int primary key, capacity int not null, taken int not null default 0)');
  await setup.query(
    'create table bench_order (id bigint generated always as identity primary key, slot_id int not null, hash text not null, created_at timestamptz not null default now())',
  );
  await setup.query('insert into bench_slot (id, capacity) select g, 1000000 from generate_series(1, 2) g');
  await setup.end();
  const pool = new pg.Pool({ connectionString: database.url, max: 20 });
  // The database is dropped with (force) at the end: a connection it ends is not the bench's error.
  pool.on('error', () => undefined);
  let next = 0;
  const run = (limit) =>
    Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next < limit) {
          const slot = (next++ % 2) + 1;
          const client = await pool.connect();
          try {
            await client.query('begin');
            const guarded = await client.query('update bench_slot set taken = taken + 1 where id = $1 and taken + 1 <= capacity', [slot]);
            if (guarded.rowCount === 1) await client.query('insert into bench_order (slot_id, hash) values ($1, md5(random()::text))', [slot]);
            await client.query('commit');
          } finally {
            client.release();
          }
        }
      }),
    );
  await run(2000);
  next = 0;
  const started = performance.now();
  await run(count);
  const seconds = (performance.now() - started) / 1000;
  await pool.end();
  return { count, seconds, rate: count / seconds };
}

let exitCode = 0;
await database.create();
try {
  const ports = Array.from({ length: processes }, (_, index) => basePort + index);
  // Production settings, rate limits on (startShop switches them off for the other benches).
  const apiEnv = { ...productionEnv, RATE_LIMITS: 'true', DB_POOL_SIZE: env.BENCH_POOL || '10' };
  // BENCH_CPU_PROF=<dir>: the first API process writes a V8 CPU profile there when it stops.
  const profile = env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${env.BENCH_CPU_PROF}`] : [];
  apis.push(await startShop({ port: ports[0], staticDir: '', databaseUrl: database.url, nodeArgs: profile, env: apiEnv }));
  apis.push(...(await Promise.all(ports.slice(1).map((port) => startShop({ port, staticDir: '', databaseUrl: database.url, env: apiEnv })))));
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  pool.on('error', () => undefined);
  const target = await rushSlots(pool);

  const outcomes = [];
  const started = performance.now();
  let lastAnswer = started;
  const visits = [];
  for (let index = 0; index < shoppers; index += 1) {
    const due = started + (index * arrivalSeconds * 1000) / shoppers;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    visits.push(
      shopper(index, ports[index % processes], target, (outcome) => {
        outcomes.push(outcome);
        lastAnswer = performance.now();
      }),
    );
  }
  await Promise.all(visits);
  const rushSeconds = (lastAnswer - started) / 1000;

  const { rows: sold } = await pool.query('select id, capacity, sold, held from plots where id = any($1::int[])', [target.plots]);
  const { rows: paidOrders } = await pool.query(
    "select count(*)::int as n, coalesce(sum(quantity), 0)::int as places from orders where plot_id = any($1::int[]) and status = 'PAID'",
    [target.plots],
  );
  await pool.end();

  const paid = outcomes.filter((outcome) => outcome.result === 'paid');
  // Accepted orders/s while places were on sale: from the first order sent to the last accepted one's answer.
  const firstOrder = Math.min(...outcomes.flatMap((outcome) => (outcome.steps.order ? [outcome.steps.order.started] : [])));
  const lastAccepted = Math.max(...paid.map((outcome) => outcome.steps.order.ended));
  const saleSeconds = (lastAccepted - firstOrder) / 1000;
  const acceptedPerSecond = paid.length / saleSeconds;
  const byCode = new Map();
  for (const outcome of outcomes.filter((each) => each.result !== 'paid')) {
    const key = `${outcome.result}:${outcome.code ?? 'NO_CODE'}`;
    byCode.set(key, (byCode.get(key) ?? 0) + 1);
  }
  const fiveXx = outcomes.filter((outcome) => Object.values(outcome.steps).some((answer) => answer.status >= 500)).length;
  const hangs = outcomes.filter((outcome) => Object.values(outcome.steps).some((answer) => answer.status === 0 || answer.ms > hangMs)).length;
  const uncoded = outcomes.filter((outcome) => outcome.result !== 'paid' && !outcome.code).length;
  const soldPlaces = sold.reduce((sum, row) => sum + row.sold, 0);
  const oversold = sold.reduce((sum, row) => sum + Math.max(0, row.sold + row.held - (row.capacity ?? Infinity)), 0);

  console.log(`\nbench:rush — ${shoppers} shoppers within ${arrivalSeconds} s, ${places} places on 2 slots, ${processes} API processes, one PostgreSQL`);
  console.log(`  served in ${rushSeconds.toFixed(1)} s; ${paid.length} orders paid (${paidOrders[0].places} places)`);
  console.log(
    `  accepted ${acceptedPerSecond.toFixed(1)} orders/s while on sale (${paid.length} in ${saleSeconds.toFixed(1)} s, arrivals paced at ${(shoppers / arrivalSeconds).toFixed(0)} shoppers/s)`,
  );
  for (const name of STEPS) {
    const times = outcomes.flatMap((outcome) => (outcome.steps[name] ? [outcome.steps[name].ms] : [])).sort((a, b) => a - b);
    console.log(
      `  ${name.padEnd(9)} n=${String(times.length).padStart(5)}  p50 ${percentile(times, 50).toFixed(0).padStart(5)} ms  p99 ${percentile(times, 99).toFixed(0).padStart(5)} ms  max ${(times.at(-1) ?? 0).toFixed(0)} ms`,
    );
  }
  console.log('  refusals by code:');
  for (const [key, count] of [...byCode].sort((a, b) => b[1] - a[1])) console.log(`    ${key.padEnd(40)} ${count}`);

  const orderP99 = percentile(
    outcomes.flatMap((outcome) => (outcome.steps.order ? [outcome.steps.order.ms] : [])).sort((a, b) => a - b),
    99,
  );
  const checks = [
    [`exactly ${places} places sold`, soldPlaces === places, `${soldPlaces} sold`],
    ['every refused shopper told with a code', uncoded === 0, `${uncoded} without a code`],
    ['never a 5xx', fiveXx === 0, `${fiveXx} shoppers saw a 5xx`],
    [`never a hang past ${hangMs / 1000} s`, hangs === 0, `${hangs} shoppers hung or lost a connection`],
    ['0 oversold', oversold === 0, `${oversold} oversold`],
  ];
  const targets = [
    ['order step p99 ≤ 1 s', orderP99 <= 1000, `${orderP99.toFixed(0)} ms`],
    ['whole rush served in ≤ 45 s', rushSeconds <= 45, `${rushSeconds.toFixed(1)} s`],
  ];
  console.log('  checks:');
  for (const [name, ok, detail] of checks) {
    console.log(`    ${ok ? 'PASS' : 'FAIL'}  ${name} (${detail})`);
    if (!ok) exitCode = 1;
  }
  console.log('  targets:');
  for (const [name, ok, detail] of targets) console.log(`    ${ok ? 'MET ' : 'MISS'}  ${name} (${detail})`);

  await Promise.all(apis.map((api) => api.stop()));
  apis.length = 0;
  const bare = await bareSql(Number(env.RUSH_SQL_TX || 8000));
  console.log(
    `  SQL   ${bare.count} bare guarded transactions (UPDATE slot + INSERT order) by 50 workers over a pool of 20 in ${bare.seconds.toFixed(2)} s = ${bare.rate.toFixed(0)} tx/s`,
  );
  console.log(`  ratio accepted orders/s : bare SQL tx/s = ${(acceptedPerSecond / bare.rate).toFixed(3)}`);
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await Promise.all(apis.map((api) => api.stop()));
  await database.drop();
}
process.exit(exitCode);
