/**
 * npx tsx bench/gate-scan.ts — the gate scanner's server time: verify (Ed25519) and check in, p50/p95
 * over BENCH_SCANS first scans (default 300) plus as many second scans (already used), through the
 * real route POST /api/backoffice/gate/scan (app.inject: the server's handling without the network)
 * on a throw-away PostgreSQL database (BENCH_DATABASE_URL admin URL, default postgres://postgres@127.0.0.1:5432/postgres).
 * Target: p95 ≤ 50 ms. Exit 1 above it.
 */
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/app.ts';
import { fixedClock } from '../server/clock.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { prepareDatabase } from '../server/db/prepare.ts';
import { plots, products } from '../server/db/schema/index.ts';
import { DEMO_STAFF } from '../server/db/seed/demo-staff.ts';
import { tourCustomer } from '../tests/server/helpers/customers.ts';

const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const scans = Number(process.env.BENCH_SCANS ?? 300);
const name = `shop_bench_gate_${process.pid}`;
const adminClient = new pg.Client(admin);
await adminClient.connect();
await adminClient.query(`create database ${name}`);
const url = new URL(admin);
url.pathname = `/${name}`;
const clock = fixedClock('2030-06-03T07:00:00Z');
const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
try {
  await database.migrate();
  await prepareDatabase(database, { seedDemo: true, now: clock.now() });
  const app = await buildApp({ db: database.db, config: loadConfig({ ...process.env, DATABASE_URL: url.toString() }), clock });
  const [tour] = await database.db.select({ id: products.id }).from(products).where(eq(products.slug, 'behind-the-scenes'));
  const plotRows = await database.db.select().from(plots).where(eq(plots.productId, tour!.id));
  const plot = plotRows.find((p) => p.date === '2030-06-12' && p.startTime === '15:00:00')!;
  await database.db.update(plots).set({ capacity: 100_000, maxOrders: null }).where(eq(plots.id, plot.id));
  const codes: string[] = [];
  while (codes.length < scans) {
    const placed = await app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { customer: tourCustomer, action: 'pay', orders: [{ product: { id: tour!.id, plot: plot.id, quantity: 5 } }] },
    });
    if (placed.statusCode !== 200) throw new Error(placed.body);
    const line = placed.json().response.orders[0];
    await app.services.settlement.settle(line.payment.hash, 'paid', { key: `bench:${codes.length}` });
    const details = await app.inject({ url: `/api/orders/${line.order.hash}/details` });
    codes.push(...details.json().tickets.map((t: { code: string }) => t.code));
  }
  clock.set('2030-06-12T10:00:00Z');
  const session = await app.inject({
    method: 'POST',
    url: '/api/backoffice/session',
    payload: { email: DEMO_STAFF.gate.email, password: DEMO_STAFF.gate.password },
  });
  if (session.statusCode !== 200) throw new Error(session.body);
  const cookie = `bo_session=${session.cookies.find((c) => c.name === 'bo_session')!.value}`;
  const headers = { cookie, 'x-csrf-token': session.json().csrf_token as string };
  const timed = async (code: string, expected: string) => {
    const start = performance.now();
    const answer = await app.inject({ method: 'POST', url: '/api/backoffice/gate/scan', headers, payload: { code, where: 'bench' } });
    const ms = performance.now() - start;
    if (answer.json().result !== expected) throw new Error(`expected ${expected}: ${answer.body}`);
    return ms;
  };
  for (const code of codes.slice(0, 10)) await timed(code, 'valid'); // warm-up
  const first: number[] = [];
  const second: number[] = [];
  for (const code of codes.slice(10, scans)) first.push(await timed(code, 'valid'));
  for (const code of codes.slice(10, scans)) second.push(await timed(code, 'already_used'));
  const pct = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;
  const line = (label: string, v: number[]) =>
    `${label}: n=${v.length} p50=${pct(v, 50).toFixed(1)} ms p95=${pct(v, 95).toFixed(1)} ms max=${Math.max(...v).toFixed(1)} ms`;
  console.log(line('first scan (valid, checked in)', first));
  console.log(line('second scan (already used)', second));
  await app.close();
  const p95 = Math.max(pct(first, 95), pct(second, 95));
  console.log(p95 <= 50 ? `OK: p95 ${p95.toFixed(1)} ms ≤ 50 ms` : `ABOVE TARGET: p95 ${p95.toFixed(1)} ms > 50 ms`);
  process.exitCode = p95 <= 50 ? 0 : 1;
} finally {
  await database.close();
  await adminClient.query(`drop database if exists ${name} with (force)`);
  await adminClient.end();
}
