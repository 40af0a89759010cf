/**
 * PostgreSQL drops the connections of a real API process while it takes orders (server:postgres only):
 * `pg_terminate_backend`, as a restart, failover or an administrator would. The process must stay up,
 * answer the requests it could not finish 503 DATABASE_UNAVAILABLE (never 500), leave nothing
 * half-written, and take the next orders on fresh connections.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holds, orders, payments, plots } from '../../server/db/schema/index.ts';
import { apiProcesses, freePort } from './helpers/api-processes.ts';
import { createTestShop, testDatabaseUrl, type TestShop } from './helpers/test-app.ts';
import { dayTicketSlot } from './helpers/day-ticket-slot.ts';

const databaseUrl = testDatabaseUrl();
if (!databaseUrl) throw new Error('database-faults needs SHOP_TEST_DATABASE_URL (the server:postgres project)');

// The API process names its connections, so the test ends those and never its own.
const APPLICATION_NAME = 'shop-faults-under-test';
const BUYERS = 16;
const TERMINATIONS = 8;
const customer = {
  first_name: 'Fault',
  last_name: 'Buyer',
  email: 'fault@example.test',
  fields: { email_confirm: 'fault@example.test', heard_about_us: 'friends' },
};

let shop: TestShop;
const processes = apiProcesses();
let product = 0;
let plot = 0;

function withApplicationName(url: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('application_name', APPLICATION_NAME);
  return parsed.toString();
}

async function submit(port: number): Promise<string> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ customer, orders: [{ product: { id: product, plot, quantity: 1 } }] }),
    });
    const body = (await response.json()) as { ok: boolean; error?: string };
    return response.status === 200 && body.ok ? 'ok' : `${response.status} ${body.error ?? ''}`;
  } catch (error) {
    // The process died or cut the connection: the test fails on this answer.
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
    return `network ${(error as Error).message}: ${cause?.code ?? ''} ${cause?.message ?? ''}`;
  }
}

async function terminateApiConnections(): Promise<number> {
  const result = (await shop.db.execute(
    sql`select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${APPLICATION_NAME}) as ended`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}

describe('a database that drops connections under order load', () => {
  beforeAll(async () => {
    shop = await createTestShop();
    ({ product, plot } = await dayTicketSlot(shop.db));
    await shop.db.update(plots).set({ capacity: 100_000, sold: 0, orderCount: 0, maxOrders: null }).where(eq(plots.id, plot));
  });

  afterAll(async () => {
    await processes.stopAll();
    await shop?.close();
  });

  it('keeps the process up, answers 503 DATABASE_UNAVAILABLE, writes nothing by halves and recovers', async () => {
    const port = await freePort();
    const api = await processes.start(port, {
      DATABASE_URL: withApplicationName(databaseUrl),
      SECURITY_ENABLED: 'false',
      DB_POOL_SIZE: '8',
      ADDRESS_PLACES_PER_HOUR: '1000000',
    });

    let loading = true;
    const answers: string[] = [];
    const buyers = Array.from({ length: BUYERS }, async () => {
      while (loading) answers.push(await submit(port));
    });
    let ended = 0;
    for (let round = 0; round < TERMINATIONS; round += 1) {
      await new Promise((resolve) => setTimeout(resolve, 400));
      ended += await terminateApiConnections();
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    loading = false;
    await Promise.all(buyers);

    // The faults were real: connections were ended, and some requests were cut off by them.
    expect(ended).toBeGreaterThan(0);
    const refused = answers.filter((answer) => answer !== 'ok');
    expect(refused.length).toBeGreaterThan(0);
    expect([...new Set(refused)]).toEqual(['503 DATABASE_UNAVAILABLE']);
    expect(api.exitCode).toBeNull();

    // Afterwards the same process takes orders again, on fresh connections.
    const after = [];
    for (let index = 0; index < 5; index += 1) after.push(await submit(port));
    expect(after).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    expect(api.exitCode).toBeNull();

    // Nothing by halves: every order has its payment and its hold, and the plot counts exactly the orders.
    const placed = await shop.db
      .select({ id: orders.id, quantity: orders.quantity, payment: payments.id, held: sql<number>`coalesce(sum(${holds.quantity}), 0)::int` })
      .from(orders)
      .leftJoin(payments, eq(payments.id, orders.paymentId))
      .leftJoin(holds, eq(holds.orderId, orders.id))
      .where(eq(orders.plotId, plot))
      .groupBy(orders.id, payments.id);
    const accepted = answers.filter((answer) => answer === 'ok').length + after.length;
    // A commit cut off on its way back is answered 503 yet stands; an order is never written without an answer.
    expect(placed.length).toBeGreaterThanOrEqual(accepted);
    expect(placed.length).toBeLessThanOrEqual(answers.length + after.length);
    expect(placed.filter((order) => order.payment === null)).toEqual([]);
    expect(placed.filter((order) => Number(order.held) !== order.quantity)).toEqual([]);
    const [counts] = await shop.db.select({ sold: plots.sold, orderCount: plots.orderCount }).from(plots).where(eq(plots.id, plot));
    expect(counts).toEqual({ sold: 0, orderCount: placed.length });
    const [paymentsWithoutOrders] = await shop.db
      .select({ n: sql<number>`count(*)::int` })
      .from(payments)
      .where(sql`not exists (select 1 from ${orders} where ${orders.paymentId} = ${payments.id})`);
    expect(Number(paymentsWithoutOrders?.n)).toBe(0);
  }, 120_000);
});
