/**
 * Heavy reads never freeze the shop (issue 37): on a shop of 20,000 orders the orders export streams in
 * keyset pages and the gate's sync of 500 scans checks in a chunk per transaction, and between two steps
 * other requests are answered. On PGlite (one connection, statements on the process's own thread) the old
 * export held the connection until its reader had taken everything, and the old sync never let the event
 * loop take a request in: here `/api/health` answers while the export waits on a reader that reads
 * nothing, and while the sync is part way. Ordering is asserted, not time. Also: an export beyond
 * EXPORT_MAX_ROWS is 400 EXPORT_TOO_LARGE, a report beyond 366 days 400 PERIOD_TOO_LONG, a year's report
 * read in slices counts every order once, and on PostgreSQL a heavy read past its statement timeout is
 * 503 REPORT_TOO_SLOW, not a 500. Both engines (vitest.config.ts onBothEngines).
 */
import { connect, type AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GateScan } from '#domain/contracts/gate.schema.ts';
import type { OrderResponse } from '#domain/contracts/orders.ts';
import { loadConfig } from '../../server/config.ts';
import { rowsOf } from '../../server/db/raw-rows.ts';
import { orders, plots, products, tickets } from '../../server/db/schema/index.ts';
import { issueTicketCodes, ticketKeys } from '../../server/modules/tickets/index.ts';
import { tourCustomer } from './helpers/customers.ts';
import { createTestShop, testDatabaseUrl, type TestShop } from './helpers/test-app.ts';
import { staffSession, type StaffSession } from './helpers/staff-session.ts';

const NOW = '2030-06-03T07:00:00Z';
const AT_THE_GATE = '2030-06-12T10:00:00Z';
const COPIES = 20_000;
const onPostgres = testDatabaseUrl() ? it : () => undefined;
const signingKey = randomBytes(32).toString('base64url');
let shop: TestShop;
let base: string;
let port: number;
let manager: StaffSession;
let tourPlot: number;

beforeAll(async () => {
  const defaults = loadConfig({});
  shop = await createTestShop({
    now: NOW,
    config: {
      ticketSigningKey: signingKey,
      heavyReads: { ...defaults.heavyReads, statementTimeoutMs: 3000, exportMaxRows: COPIES, exportPageRows: 500, syncChunk: 10 },
    },
  });
  const [tour] = await shop.db.select({ id: products.id }).from(products).where(eq(products.slug, 'behind-the-scenes'));
  const rows = await shop.db
    .select({ id: plots.id, date: plots.date, start: plots.startTime })
    .from(plots)
    .where(eq(plots.productId, tour?.id as number));
  tourPlot = rows.find((candidate) => candidate.date === '2030-06-12' && candidate.start === '15:00:00')?.id as number;
  await shop.db.update(plots).set({ capacity: 100, maxOrders: null }).where(eq(plots.id, tourPlot));
  const placed = await shop.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: { customer: tourCustomer, action: 'pay', orders: [{ product: { id: tour?.id, plot: tourPlot, quantity: 4 } }] },
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const [line] = (placed.json() as OrderResponse).response.orders;
  await shop.app.services.settlement.settle(line?.payment?.hash as string, 'paid', { key: 'heavy:paid' });
  // A grown shop in one statement: copies of that paid order, a hundred per day over the 200 days before it,
  // each with a long name: an export of a few months (about 8 MB) is far more than the sockets' buffers hold.
  await shop.db.execute(sql`
    insert into orders (number, hash, kind, status, payment_id, customer, language, product_id, plot_id, quantity,
                        product_cents, total_cents, currency, created_at, updated_at)
    select 300000000 + g, md5('heavy-' || g), o.kind, o.status, o.payment_id, jsonb_set(o.customer, '{last_name}', to_jsonb(repeat('Buyer ', 170))), o.language, o.product_id, o.plot_id, o.quantity,
           o.product_cents, o.total_cents, o.currency, timestamptz '2030-06-02 12:00:00+00' - (g % 200) * interval '1 day', o.updated_at
    from orders o cross join generate_series(1, ${COPIES}) g
    where o.payment_id = (select id from payments where hash = ${line?.payment?.hash as string})`);
  manager = await staffSession(shop.app, 'manager');
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  port = (shop.app.server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
}, 180_000);

afterAll(async () => {
  await shop?.close();
});

/** An HTTP/1.1 answer's chunked body as text (sizes count bytes). */
function dechunked(answer: Buffer): string {
  const parts: Buffer[] = [];
  for (let at = answer.indexOf('\r\n\r\n') + 4; ;) {
    const lineEnd = answer.indexOf('\r\n', at);
    const size = Number.parseInt(answer.subarray(at, lineEnd).toString(), 16);
    if (!size) return Buffer.concat(parts).toString();
    parts.push(answer.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/** Records in a CSV text (line ends outside quotes). */
function records(text: string): number {
  let quoted = false;
  let count = 0;
  for (const c of text) {
    if (c === '"') quoted = !quoted;
    else if (c === '\n' && !quoted) count += 1;
  }
  return count;
}

describe('the orders export', () => {
  it('lets /api/health answer while it waits on a reader that reads nothing, then streams every order of the period', async () => {
    const [expected] = rowsOf<{ count: number }>(
      await shop.db.execute(sql`select count(*)::int as count from orders where created_at >= '2030-03-15' and created_at < '2030-06-04'`),
    );
    expect(expected?.count).toBeGreaterThan(7_500);
    // A raw socket, so that not reading really leaves the bytes with the server (a fetch body would buffer them).
    const socket = connect({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    const ended = new Promise<void>((resolve) => socket.once('end', () => resolve()));
    const firstData = new Promise<void>((resolve) => socket.once('data', () => resolve()));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.write(
      `GET /api/backoffice/reports/orders.csv?from=2030-03-15&to=2030-06-03 HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${manager.cookie}\r\nConnection: close\r\n\r\n`,
    );
    await firstData;
    // The reader now takes nothing: the export waits for it with pages still to send.
    socket.pause();
    const health = fetch(`${base}/api/health`).then((answer) => answer.status);
    const guard = new Promise<'export still holds the database'>((resolve) => setTimeout(() => resolve('export still holds the database'), 20_000));
    expect(await Promise.race([health, guard])).toBe(200);
    socket.resume();
    await ended;
    const answer = Buffer.concat(chunks);
    expect(answer.subarray(0, 12).toString()).toBe('HTTP/1.1 200');
    const text = dechunked(answer);
    expect(records(text) - 1).toBe(expected?.count);
  }, 180_000);

  it('refuses more than EXPORT_MAX_ROWS orders with 400 EXPORT_TOO_LARGE, before sending anything', async () => {
    const response = await shop.app.inject({ url: '/api/backoffice/reports/orders.csv', headers: manager.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ ok: false, error: 'EXPORT_TOO_LARGE' });
  });
});

describe('the report', () => {
  it('refuses a period of more than 366 days with 400 PERIOD_TOO_LONG', async () => {
    const response = await shop.app.inject({ url: '/api/backoffice/reports?from=0001-01-01&to=9999-12-31', headers: manager.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ ok: false, error: 'PERIOD_TOO_LONG' });
    const leapYear = await shop.app.inject({ url: '/api/backoffice/reports?from=2028-01-01&to=2028-12-31', headers: manager.headers });
    expect(leapYear.statusCode, leapYear.body).toBe(200);
  });

  it('reads a year in slices and counts every paid order of it once', async () => {
    const response = await shop.app.inject({ url: '/api/backoffice/reports?from=2029-06-04&to=2030-06-03', headers: manager.headers });
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<{ sales: Array<{ day: string; orders: number }> }>();
    const [expected] = rowsOf<{ count: number }>(
      await shop.db.execute(
        sql`select count(*)::int as count from orders where status = 'PAID' and created_at >= (timestamp '2029-06-04' at time zone 'Europe/Amsterdam')`,
      ),
    );
    expect(report.sales.reduce((sum, row) => sum + row.orders, 0)).toBe(expected?.count);
    const days = report.sales.map((row) => row.day);
    expect(days).toEqual([...days].sort());
  });

  onPostgres(
    'answers 503 REPORT_TOO_SLOW, not a 500, when a statement runs past HEAVY_READ_TIMEOUT_MS',
    async () => {
      const blocker = new pg.Client({ connectionString: testDatabaseUrl() });
      await blocker.connect();
      try {
        await blocker.query('begin');
        await blocker.query('lock table orders in access exclusive mode');
        const response = await shop.app.inject({ url: '/api/backoffice/reports?from=2030-01-01&to=2030-06-30', headers: manager.headers });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toMatchObject({ ok: false, error: 'REPORT_TOO_SLOW' });
      } finally {
        await blocker.query('rollback');
        await blocker.end();
      }
    },
    30_000,
  );
});

describe("the gate's sync", () => {
  it('checks 500 scans in, a chunk per transaction, and lets /api/health answer part way', async () => {
    const copies = await shop.db
      .select()
      .from(orders)
      .where(and(eq(orders.plotId, tourPlot), inArray(orders.number, sql`(select 300000000 + g from generate_series(1, 125) g)`)));
    expect(copies).toHaveLength(125);
    const codes = await issueTicketCodes(shop.db, ticketKeys({ ticketSigningKey: signingKey, dataDir: 'memory://' }), copies);
    expect(codes).toHaveLength(500);
    shop.clock.set(new Date(AT_THE_GATE));
    const gate = await staffSession(shop.app, 'gate');
    const scans = codes.map((code, index) => ({ code, scanned_at: new Date(Date.parse(AT_THE_GATE) - (500 - index) * 1000).toISOString() }));
    let synced = false;
    const sync = shop.app
      .inject({ method: 'POST', url: '/api/backoffice/gate/sync', headers: gate.headers, payload: { where: 'north gate', scans } })
      .then((answer) => {
        synced = true;
        return answer;
      });
    const checkedIn = async () =>
      (
        await shop.db
          .select({ count: sql<number>`count(*)::int` })
          .from(tickets)
          .where(and(isNotNull(tickets.usedAt), eq(tickets.usedWhere, 'north gate')))
      )[0]?.count ?? 0;
    let seen = 0;
    while (!synced && seen === 0) {
      await nextTurn();
      seen = await checkedIn();
    }
    expect(synced).toBe(false);
    expect(seen).toBeGreaterThan(0);
    expect(seen).toBeLessThan(500);
    const health = await shop.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(synced).toBe(false);
    const answer = await sync;
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<{ results: GateScan[] }>().results.map((result) => result.result)).toEqual(Array(500).fill('valid'));
    expect(await checkedIn()).toBe(500);
  }, 60_000);
});
