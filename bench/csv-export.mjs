#!/usr/bin/env node
/**
 * npm run bench:csv — the back office's orders export (GET /api/backoffice/reports/orders.csv, issue 21
 * item 6: 1,000,000 orders exported with flat memory, RSS under 300 MiB). Creates a throw-away
 * database (BENCH_DATABASE_URL's server, name BENCH_DATABASE_PREFIX (shop_bench) + _csv_export_<pid>),
 * lets the shop migrate and seed it, grows it with bench/grown-shop.mjs (the same bulk SQL as
 * bench/growth.mjs and bench/order-search.mjs: 1,000,000 paid orders, ...), then starts the real
 * server process (dist-server, production mode, port BENCH_PORT, default 4390), signs the demo
 * manager in and streams the whole export (no period: every order) through it, reading and counting
 * the rows without keeping them. Meanwhile the server's RSS is sampled from /proc/<pid>/status every
 * 50 ms (VmRSS; VmHWM, the kernel's own peak, read at the end too). Prints rows, seconds, MiB/s and
 * the max RSS; exit 1 when the row count is not the orders table's count or the peak is ≥ 300 MiB.
 * BENCH_NODE_ARGS adds node options to the server process (e.g. --max-old-space-size=160).
 * BENCH_DATABASE=<name> reuses a grown database kept before (BENCH_KEEP=1 keeps it).
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { growShop } from './grown-shop.mjs';
import { productionEnv, startShop, throwAwayDatabase } from './shop-server.mjs';

const env = process.env;
const port = Number(env.BENCH_PORT || 4390);
const prefix = env.BENCH_DATABASE_PREFIX || 'shop_bench';
const reuse = env.BENCH_DATABASE || null;
const database = throwAwayDatabase(reuse ?? `${prefix}_csv_export_${process.pid}`);
const TARGET_MIB = 300;
const MANAGER = { email: 'manager@tidewater.example', password: 'tidewater-manager' };

/** A /proc/<pid>/status figure in MiB (VmRSS: now; VmHWM: the peak so far). */
function memoryMiB(pid, field) {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

async function scalar(statement) {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query(statement)).rows[0];
  } finally {
    await client.end();
  }
}

/** CSV records in a byte stream: line ends outside quoted cells (a quoted cell may hold one). */
function recordCounter() {
  let quoted = false;
  let records = 0;
  return {
    feed(chunk) {
      for (let i = 0; i < chunk.length; i += 1) {
        const byte = chunk[i];
        if (byte === 0x22) quoted = !quoted;
        else if (byte === 0x0a && !quoted) records += 1;
      }
    },
    get records() {
      return records;
    },
  };
}

let exitCode = 0;
let shop = null;
try {
  if (!reuse) {
    await database.create();
    const started = performance.now();
    const seeding = await startShop({ port, staticDir: '', databaseUrl: database.url, env: productionEnv });
    await seeding.stop();
    console.log(`growing ${database.name}:`);
    await growShop(database.url);
    await scalar('vacuum analyze orders');
    console.log(`grown shop built in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  const { count } = await scalar('select count(*)::int as count from orders');

  const nodeArgs = (env.BENCH_NODE_ARGS || '').split(' ').filter(Boolean);
  // A million orders: past the export's default limit (EXPORT_MAX_ROWS, 250,000), which this bench raises.
  shop = await startShop({ port, staticDir: '', databaseUrl: database.url, env: { ...productionEnv, EXPORT_MAX_ROWS: '2000000' }, nodeArgs });
  const signIn = await fetch(`${shop.base}/api/backoffice/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(MANAGER),
  });
  if (!signIn.ok) throw new Error(`the manager's sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');

  const idle = memoryMiB(shop.pid, 'VmRSS');
  let maxRss = idle;
  const sampler = setInterval(() => {
    maxRss = Math.max(maxRss, memoryMiB(shop.pid, 'VmRSS'));
  }, 50);
  const started = performance.now();
  const response = await fetch(`${shop.base}/api/backoffice/reports/orders.csv`, { headers: { cookie } });
  if (!response.ok || !response.body) throw new Error(`the export answered ${response.status}: ${await response.text()}`);
  const counter = recordCounter();
  let bytes = 0;
  for await (const chunk of response.body) {
    bytes += chunk.length;
    counter.feed(chunk);
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  maxRss = Math.max(maxRss, memoryMiB(shop.pid, 'VmRSS'));
  const peak = memoryMiB(shop.pid, 'VmHWM');
  const rows = counter.records - 1; // the header

  console.log(`orders in the database: ${count}`);
  console.log(`rows exported:          ${rows} ${rows === count ? '(all of them)' : '(WRONG: not the orders count)'}`);
  console.log(`seconds:                ${seconds.toFixed(1)} (${(bytes / 1024 / 1024).toFixed(0)} MiB, ${(bytes / 1024 / 1024 / seconds).toFixed(1)} MiB/s)`);
  console.log(
    `server RSS:             idle ${idle.toFixed(0)} MiB, max during the export ${maxRss.toFixed(0)} MiB (VmHWM ${peak.toFixed(0)} MiB; target < ${TARGET_MIB} MiB)`,
  );
  if (rows !== count || Math.max(maxRss, peak) >= TARGET_MIB) exitCode = 1;
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await shop?.stop();
  if (env.BENCH_KEEP === '1' || reuse) console.log(`kept ${database.name}`);
  else await database.drop();
}
process.exit(exitCode);
