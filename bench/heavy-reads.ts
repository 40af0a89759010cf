/**
 * npm run bench:heavy — does a heavy read freeze the shop? (issue 37 item 1). For each engine
 * (BENCH_ENGINES, default "pglite,postgres"), the compiled server as `npm start` runs it (bench/shop-server.mjs,
 * production settings, port BENCH_PORT, default 4600) on a shop grown by bulk SQL: BENCH_ORDERS_POSTGRES
 * (200,000) or BENCH_ORDERS_PGLITE (50,000) paid orders over the last year, and one order of today with 500
 * e-tickets. Two phases of BENCH_SECONDS (30) each: shoppers alone (BENCH_SHOPPERS, 4, loops each placing an
 * order, and one loop asking /api/health), then the same with one signed-in manager running, in a loop, the
 * orders export (every order), a year's report and the gate's sync of the 500 scans. Prints per phase the
 * p50/p99 of /api/health and of a shopper's order, and how many heavy reads ran. PostgreSQL: a throw-away
 * database on BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres); PGlite: a
 * temporary data directory grown with PGlite itself while no server runs. Exits 1 when an answer fails.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { signTicket, ticketKeysFromSeed } from '../server/modules/tickets/ticket-code.ts';

interface RunningShop {
  base: string;
  pid: number;
  stop(): Promise<void>;
}
interface ShopServer {
  productionEnv: Record<string, string>;
  startShop(options: { port: number; staticDir?: string; databaseUrl?: string; env?: Record<string, string> }): Promise<RunningShop>;
  throwAwayDatabase(name: string): { name: string; url: string; create(): Promise<void>; drop(): Promise<void> };
}
// The benches' shop launcher is plain JavaScript (bench/shop-server.mjs): typed here by what is used.
const shopServerPath: string = './shop-server.mjs';
const { productionEnv, startShop, throwAwayDatabase } = (await import(shopServerPath)) as ShopServer;

const env = process.env;
const port = Number(env.BENCH_PORT || 4600);
const seconds = Number(env.BENCH_SECONDS || 30);
const shoppers = Number(env.BENCH_SHOPPERS || 4);
const engines = (env.BENCH_ENGINES || 'pglite,postgres').split(',').map((name) => name.trim());
const ordersOn = { postgres: Number(env.BENCH_ORDERS_POSTGRES || 200_000), pglite: Number(env.BENCH_ORDERS_PGLITE || 50_000) };
const MANAGER = { email: 'manager@tidewater.example', password: 'tidewater-manager' };
const keys = ticketKeysFromSeed(Buffer.from(productionEnv.TICKET_SIGNING_KEY as string, 'base64url'));

interface Sql {
  query(statement: string): Promise<{ rows: Array<Record<string, unknown>> }>;
}

/** The grown shop: `count` paid orders over the last year on the demo plots, and today's order with 500 tickets. */
async function grow(db: Sql, count: number): Promise<string[]> {
  await db.query(`
    insert into orders (number, hash, kind, status, customer, language, product_id, plot_id, quantity, product_cents, total_cents, currency, created_at, updated_at)
    select 400000000 + g, md5('bench-heavy-' || g), 'PRODUCT', 'PAID',
           jsonb_build_object('first_name', 'Bench', 'last_name', 'Buyer ' || g, 'email', 'buyer-' || g || '@example.test'),
           'en', ps.product_id, ps.id, 2, 2400, 2400, 'EUR', now() - (g % 365) * interval '1 day', now()
    from generate_series(1, ${count}) g
    join (select id, product_id, (row_number() over (order by id) - 1)::int as k from plots) ps on ps.k = g % 200`);
  const [today] = (
    await db.query(`
    insert into orders (number, hash, kind, status, customer, language, product_id, plot_id, quantity, product_cents, total_cents, currency)
    select 499999999, md5('bench-heavy-gate'), 'PRODUCT', 'PAID', '{"first_name":"Gate","last_name":"Crowd","email":"gate@example.test"}'::jsonb, 'en',
           p.product_id, p.id, 500, 0, 0, 'EUR'
    from plots p where p.date = (now() at time zone 'Europe/Amsterdam')::date order by p.id limit 1
    returning id`)
  ).rows;
  const ticketRows = (
    await db.query(`
    insert into tickets (order_id, position, nonce)
    select ${Number(today?.id)}, position, substr(md5('bench-ticket-' || position), 1, 16) from generate_series(1, 500) position
    returning id, nonce`)
  ).rows;
  await db.query('analyze');
  return ticketRows.map((row) => signTicket(keys, { id: Number(row.id), nonce: String(row.nonce) }));
}

/** The zoo day ticket's slot of tomorrow, opened wide: what the shoppers buy. */
async function shopperSlot(db: Sql): Promise<{ product: number; plot: number }> {
  const [slot] = (
    await db.query(`select p.id as plot, p.product_id as product from plots p join products pr on pr.id = p.product_id
                    where pr.slug = 'zoo-day-ticket' and p.date = (now() at time zone 'Europe/Amsterdam')::date + 1 limit 1`)
  ).rows;
  if (!slot) throw new Error('no zoo day ticket slot tomorrow');
  await db.query(`update plots set capacity = 10000000, max_orders = null where id = ${Number(slot.plot)}`);
  return { product: Number(slot.product), plot: Number(slot.plot) };
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

async function timed(request: () => Promise<Response>, into: number[], failures: string[]) {
  const started = performance.now();
  const response = await request();
  await response.arrayBuffer();
  into.push(performance.now() - started);
  if (!response.ok) failures.push(`${response.status} ${response.url}`);
}

async function phase(base: string, slot: { product: number; plot: number }, heavy: (() => Promise<void>) | null) {
  const health: number[] = [];
  const orders: number[] = [];
  const failures: string[] = [];
  const until = performance.now() + seconds * 1000;
  const body = JSON.stringify({
    customer: {
      first_name: 'Bench',
      last_name: 'Shopper',
      email: 'shopper@example.test',
      fields: { email_confirm: 'shopper@example.test', heard_about_us: 'friends' },
    },
    orders: [{ product: { id: slot.product, plot: slot.plot, quantity: 1 } }],
  });
  const loops = [
    (async () => {
      while (performance.now() < until) {
        await timed(() => fetch(`${base}/api/health`), health, failures);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })(),
    ...Array.from({ length: shoppers }, async () => {
      while (performance.now() < until) {
        await timed(() => fetch(`${base}/api/orders`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }), orders, failures);
      }
    }),
  ];
  let heavyRuns = 0;
  if (heavy) {
    loops.push(
      (async () => {
        while (performance.now() < until) {
          await heavy();
          heavyRuns += 1;
        }
      })(),
    );
  }
  await Promise.all(loops);
  return { health, orders, failures, heavyRuns };
}

async function heavyLoop(base: string, codes: string[]) {
  const signIn = await fetch(`${base}/api/backoffice/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(MANAGER),
  });
  if (!signIn.ok) throw new Error(`the manager's sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const { csrf_token: csrf } = (await signIn.json()) as { csrf_token: string };
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const headers = { cookie, 'x-csrf-token': csrf };
  const today = new Date().toISOString().slice(0, 10);
  const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
  const counts = { export: 0, report: 0, sync: 0, exportRows: 0, failed: [] as string[] };
  const run = async () => {
    const exported = await fetch(`${base}/api/backoffice/reports/orders.csv`, { headers });
    const text = await exported.text();
    if (!exported.ok) counts.failed.push(`export ${exported.status} ${text.slice(0, 120)}`);
    counts.exportRows = text.split('\n').length - 2;
    counts.export += 1;
    const report = await fetch(`${base}/api/backoffice/reports?from=${yearAgo}&to=${today}`, { headers });
    if (!report.ok) counts.failed.push(`report ${report.status} ${(await report.text()).slice(0, 120)}`);
    else await report.arrayBuffer();
    counts.report += 1;
    const scannedAt = new Date().toISOString();
    const sync = await fetch(`${base}/api/backoffice/gate/sync`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ where: 'bench gate', scans: codes.map((code) => ({ code, scanned_at: scannedAt })) }),
    });
    if (!sync.ok) counts.failed.push(`sync ${sync.status} ${(await sync.text()).slice(0, 120)}`);
    else await sync.arrayBuffer();
    counts.sync += 1;
  };
  return { run, counts };
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
let exitCode = 0;
for (const engine of engines) {
  const count = ordersOn[engine as 'postgres' | 'pglite'];
  const started = performance.now();
  let databaseUrl = '';
  let dataDir: string | null = null;
  let database: ReturnType<typeof throwAwayDatabase> | null = null;
  let shop: RunningShop | null = null;
  try {
    let codes: string[];
    let slot: { product: number; plot: number };
    if (engine === 'postgres') {
      database = throwAwayDatabase(`${env.BENCH_DATABASE_PREFIX || 'shop_bench'}_heavy_${process.pid}`);
      await database.create();
      databaseUrl = database.url;
      await (await startShop({ port, staticDir: '', databaseUrl, env: productionEnv })).stop();
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      codes = await grow(client, count);
      slot = await shopperSlot(client);
      await client.end();
    } else {
      dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-heavy-'));
      await (await startShop({ port, staticDir: '', env: { ...productionEnv, DATA_DIR: dataDir } })).stop();
      const client = await PGlite.create(dataDir);
      codes = await grow(client as unknown as Sql, count);
      slot = await shopperSlot(client as unknown as Sql);
      await client.close();
    }
    console.log(`${engine}: ${count.toLocaleString('en')} orders grown, shop ready in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    shop = await startShop({ port, staticDir: '', databaseUrl, env: { ...productionEnv, ...(dataDir ? { DATA_DIR: dataDir } : {}) } });
    const alone = await phase(shop.base, slot, null);
    const { run, counts } = await heavyLoop(shop.base, codes);
    const loaded = await phase(shop.base, slot, run);
    for (const [label, result] of [
      ['heavy reads absent ', alone],
      ['heavy reads present', loaded],
    ] as const) {
      console.log(
        `  ${label}: /api/health p50 ${ms(percentile(result.health, 50))} p99 ${ms(percentile(result.health, 99))} (${result.health.length}); ` +
          `order p50 ${ms(percentile(result.orders, 50))} p99 ${ms(percentile(result.orders, 99))} (${result.orders.length})`,
      );
      if (result.failures.length > 0) {
        console.log(`  failed answers: ${result.failures.length}, e.g. ${result.failures.slice(0, 3).join('; ')}`);
        exitCode = 1;
      }
    }
    console.log(
      `  heavy reads run: ${counts.export} exports (${counts.exportRows.toLocaleString('en')} rows each), ${counts.report} year reports, ${counts.sync} syncs of 500 scans`,
    );
    if (counts.failed.length > 0) {
      console.log(`  heavy reads failed: ${counts.failed.slice(0, 3).join('; ')}`);
      exitCode = 1;
    }
  } catch (error) {
    console.error(error);
    exitCode = 1;
  } finally {
    await shop?.stop();
    if (database) await database.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}
process.exit(exitCode);
