/**
 * Moving bookings under a race, on PostgreSQL with TWO real API processes (server:postgres only):
 * two reservations changed, and two paid bookings rebooked, at the same moment to the same slot
 * that has room for only one of them. Exactly one wins; the loser is refused and keeps its old slot
 * — its places neither lost nor doubled — and the new slot is never oversold. A widened race
 * (CAPACITY_RACE_DELAY_MS) makes both release their old places before either takes the new ones.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderResponse } from '#domain/contracts/orders.ts';
import type { RebookValidateResponse } from '#domain/contracts/rebook.schema.ts';
import { additions, orders, plots, products } from '../../../server/db/schema/index.ts';
import { apiProcesses } from '../helpers/api-processes.ts';
import { tourCustomer } from '../helpers/customers.ts';
import { createTestShop, testDatabaseUrl, type TestShop } from '../helpers/test-app.ts';

if (!testDatabaseUrl()) throw new Error('booking-move-race needs SHOP_TEST_DATABASE_URL (the server:postgres project)');
// Within this helper's own port range.
const PORTS = [5220, 5221] as const;

let shop: TestShop;
const processes = apiProcesses();
let tour = 0;
let slots: number[] = [];

async function slot(id: number) {
  const [row] = await shop.db.select({ sold: plots.sold, orders: plots.orderCount, capacity: plots.capacity }).from(plots).where(eq(plots.id, id));
  return row as { sold: number; orders: number; capacity: number };
}

async function book(plot: number, action: 'pay' | 'reserve'): Promise<string> {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: { customer: tourCustomer, action, orders: [{ product: { id: tour, plot, quantity: 2 } }] },
  });
  expect(response.statusCode, response.body).toBe(200);
  const [line] = (response.json() as OrderResponse).response.orders;
  if (action === 'pay') await shop.app.services.settlement.settle(line?.payment?.hash as string, 'paid', { key: 'race:paid' });
  return line?.order?.hash as string;
}

/** A move token for the booking `hash` (POST /api/rebook/validate with its number and e-mail). */
async function moveToken(hash: string): Promise<string> {
  const [row] = await shop.db.select({ number: orders.number }).from(orders).where(eq(orders.hash, hash));
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/rebook/validate',
    payload: { order: { id: row?.number, email: tourCustomer.email }, secret: 'tidewater-rebook' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as RebookValidateResponse).response.token;
}

/** Leaves room for exactly one booking of 2 on `plot`. */
async function roomForOne(plot: number) {
  await shop.db.execute(
    sql`update plots set sold = greatest(coalesce(capacity, 10) - 2, 0), capacity = greatest(coalesce(capacity, 10), 2), max_orders = null where id = ${plot}`,
  );
}

async function call(port: number, path: string, body: unknown) {
  const response = await fetch(`http://127.0.0.1:${port}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { error?: string };
  return response.status === 200 ? 'ok' : (answer.error ?? String(response.status));
}

async function plotOf(hash: string) {
  const [row] = await shop.db.select({ plotId: orders.plotId, status: orders.status }).from(orders).where(eq(orders.hash, hash));
  return row;
}

beforeAll(async () => {
  shop = await createTestShop();
  const [row] = await shop.db.select({ id: products.id }).from(products).where(eq(products.slug, 'behind-the-scenes'));
  tour = row?.id as number;
  const later = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  slots = (
    await shop.db
      .select({ id: plots.id })
      .from(plots)
      .where(and(eq(plots.productId, tour), gt(plots.date, later)))
      .orderBy(plots.date, plots.startTime)
  ).map((plot) => plot.id);
  expect(slots.length).toBeGreaterThanOrEqual(6);
  // Nothing to pay for a rebooking of the same price: the move happens in the submission's transaction.
  await shop.db.update(additions).set({ amountCents: 0 }).where(eq(additions.type, 1));
  await processes.start(PORTS[0], { CAPACITY_RACE_DELAY_MS: '150' });
  await processes.start(PORTS[1], { CAPACITY_RACE_DELAY_MS: '150' });
}, 120_000);

afterAll(async () => {
  await processes.stopAll();
  await shop?.close();
});

describe('moving two bookings to the last places of one slot, in two processes at once', () => {
  it('changes of two reservations: exactly one wins, the other keeps its old slot', async () => {
    const [a, b, target] = slots as [number, number, number];
    const [first, second] = [await book(a, 'reserve'), await book(b, 'reserve')];
    await roomForOne(target);
    const before = { a: await slot(a), b: await slot(b), target: await slot(target) };
    const answers = await Promise.all([
      call(PORTS[0], `/reservation/${first}/change`, { plot: target }),
      call(PORTS[1], `/reservation/${second}/change`, { plot: target }),
    ]);
    expect([...answers].sort()).toEqual(['PLOT_SOLD_OUT', 'ok']);
    const winner = answers[0] === 'ok' ? 'a' : 'b';
    const loser = winner === 'a' ? 'b' : 'a';
    expect((await plotOf(winner === 'a' ? first : second))?.plotId).toBe(target);
    expect((await plotOf(loser === 'a' ? first : second))?.plotId).toBe(loser === 'a' ? a : b);
    expect((await slot(target)).sold).toBe(before.target.capacity);
    expect((await slot(winner === 'a' ? a : b)).sold).toBe(before[winner].sold - 2);
    expect(await slot(loser === 'a' ? a : b)).toEqual(before[loser]);
  }, 60_000);

  it('rebookings of two paid bookings: exactly one moves, the other stays paid on its old slot', async () => {
    const [, , , a, b, target] = slots as [number, number, number, number, number, number];
    const [first, second] = [await book(a, 'pay'), await book(b, 'pay')];
    await roomForOne(target);
    const before = { a: await slot(a), b: await slot(b), target: await slot(target) };
    const rebook = (port: number, token: string) =>
      call(port, '/orders', {
        customer: tourCustomer,
        orders: [{ product: { id: tour, plot: target, quantity: 2 }, rebook: token, rebook_secret: 'tidewater-rebook' }],
      });
    const tokens = [await moveToken(first), await moveToken(second)];
    const answers = await Promise.all([rebook(PORTS[0], tokens[0] as string), rebook(PORTS[1], tokens[1] as string)]);
    expect([...answers].sort()).toEqual(['PLOT_SOLD_OUT', 'ok']);
    const winner = answers[0] === 'ok' ? 'a' : 'b';
    const loser = winner === 'a' ? 'b' : 'a';
    expect(await plotOf(winner === 'a' ? first : second)).toEqual({ plotId: winner === 'a' ? a : b, status: 'CANCELLED' });
    expect(await plotOf(loser === 'a' ? first : second)).toEqual({ plotId: loser === 'a' ? a : b, status: 'PAID' });
    expect((await slot(target)).sold).toBe(before.target.capacity);
    expect((await slot(winner === 'a' ? a : b)).sold).toBe(before[winner].sold - 2);
    expect(await slot(loser === 'a' ? a : b)).toEqual(before[loser]);
  }, 60_000);
});
