/**
 * pretix-style proof on PostgreSQL (server:postgres only): TWO real API processes share one
 * database and 60 concurrent buyers race for a plot with 10 places. First, with the capacity guard
 * switched off (test-only CAPACITY_GUARD=off and a widened race, honoured only when NODE_ENV=test),
 * the plot IS oversold — so the race is real. Then, with the guard on, exactly 10 places are taken
 * and every other buyer is refused PLOT_SOLD_OUT.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holds, orders, plots } from '../../../server/db/schema/index.ts';
import { apiProcesses, freePort } from '../helpers/api-processes.ts';
import { createTestShop, testDatabaseUrl, type TestShop } from '../helpers/test-app.ts';
import { dayTicketSlot } from '../helpers/day-ticket-slot.ts';

// Runs in the server:postgres project only (*.postgres.test.ts): two processes need a shared server.
if (!testDatabaseUrl()) throw new Error('capacity-concurrency needs SHOP_TEST_DATABASE_URL (the server:postgres project)');
const CAPACITY = 10;
const BUYERS = 60;
const customer = {
  first_name: 'Race',
  last_name: 'Buyer',
  email: 'race@example.test',
  fields: { email_confirm: 'race@example.test', heard_about_us: 'friends' },
};

let shop: TestShop | undefined;
const processes = apiProcesses();
let product = 0;
let plot = 0;

async function resetPlot() {
  const db = (shop as TestShop).db;
  await db.delete(holds).where(eq(holds.plotId, plot));
  await db.delete(orders).where(eq(orders.plotId, plot));
  await db.update(plots).set({ capacity: CAPACITY, sold: 0, orderCount: 0, maxOrders: null }).where(eq(plots.id, plot));
}

async function race(ports: number[]) {
  const answers = await Promise.all(
    Array.from({ length: BUYERS }, async (_, index) => {
      const response = await fetch(`http://127.0.0.1:${ports[index % ports.length]}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ customer, orders: [{ product: { id: product, plot, quantity: 1 } }] }),
      });
      const body = (await response.json()) as { ok: boolean; error?: string };
      return response.status === 200 ? 'ok' : (body.error ?? String(response.status));
    }),
  );
  const db = (shop as TestShop).db;
  const [row] = await db.select({ sold: plots.sold }).from(plots).where(eq(plots.id, plot));
  const [held] = await db
    .select({ n: sql<number>`coalesce(sum(${holds.quantity}), 0)::int` })
    .from(holds)
    .where(eq(holds.plotId, plot));
  return { answers, taken: (row?.sold ?? 0) + Number(held?.n ?? 0) };
}

describe('capacity under concurrent buyers in two API processes', () => {
  beforeAll(async () => {
    shop = await createTestShop();
    ({ product, plot } = await dayTicketSlot(shop.db));
  });

  afterAll(async () => {
    await processes.stopAll();
    await shop?.close();
  });

  it('without the guard the plot is oversold; with it exactly capacity places are taken', async () => {
    const [first, second, third, fourth] = [await freePort(), await freePort(), await freePort(), await freePort()] as [number, number, number, number];
    await resetPlot();
    await processes.start(first, { CAPACITY_GUARD: 'off', CAPACITY_RACE_DELAY_MS: '150' });
    await processes.start(second, { CAPACITY_GUARD: 'off', CAPACITY_RACE_DELAY_MS: '150' });
    const unguarded = await race([first, second]);
    await processes.stopAll();
    // The bug can happen: more places taken than the plot has.
    expect(unguarded.taken).toBeGreaterThan(CAPACITY);

    await resetPlot();
    await processes.start(third, {});
    await processes.start(fourth, {});
    const guarded = await race([third, fourth]);
    await processes.stopAll();
    expect(guarded.taken).toBe(CAPACITY);
    expect(guarded.answers.filter((answer) => answer === 'ok')).toHaveLength(CAPACITY);
    expect(guarded.answers.filter((answer) => answer === 'PLOT_SOLD_OUT')).toHaveLength(BUYERS - CAPACITY);
  }, 180_000);
});
