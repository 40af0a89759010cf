/**
 * Idempotency-Key on POST /api/orders, on a real database (PGlite, and PostgreSQL in server:postgres):
 * a retry gets the first answer and books nothing more; the key cannot be reused for another request;
 * a duplicate in flight waits or is told so; 5xx answers are not kept; keys expire.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, orders, plots, products } from '../../../server/db/schema/index.ts';
import { customerWith } from '../helpers/customers.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';

const NOW = '2030-06-03T07:00:00Z';
let shop: TestShop;
let product = 0;
let plot = 0;

const order = (email: string, quantity = 1) => ({ customer: customerWith(email), orders: [{ product: { id: product, plot, quantity } }] });

function post(body: object, key?: string) {
  return shop.app.inject({ method: 'POST', url: '/api/orders', payload: body, headers: key === undefined ? {} : { 'idempotency-key': key } });
}

async function ordersOf(email: string): Promise<number> {
  const [row] = await shop.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(sql`${orders.customer}->>'email' = ${email}`);
  return Number(row?.n ?? 0);
}

beforeAll(async () => {
  // A repeated key waits 1 s, not 5, for the first answer before 409 IDEMPOTENCY_KEY_IN_PROGRESS.
  shop = await createTestShop({ now: NOW, config: { idempotencyWaitMs: 1_000 } });
  const [zoo] = await shop.db.select({ id: products.id }).from(products).where(eq(products.slug, 'zoo-day-ticket'));
  product = zoo?.id as number;
  const [row] = await shop.db
    .select({ id: plots.id })
    .from(plots)
    .where(and(eq(plots.productId, product), eq(plots.date, '2030-06-08')));
  plot = row?.id as number;
});

afterAll(async () => {
  await shop?.close();
});

describe('Idempotency-Key on order submissions', () => {
  it('answers a retry with the first answer and books once', async () => {
    const first = await post(order('once@example.test'), 'key-once');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ ok: true });
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    const retry = await post(order('once@example.test'), 'key-once');
    expect(retry.statusCode).toBe(200);
    expect(retry.body).toBe(first.body);
    expect(retry.headers['content-type']).toBe(first.headers['content-type']);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await ordersOf('once@example.test')).toBe(1);
  });

  it('books again without a key, and for a new key', async () => {
    expect((await post(order('keyless@example.test'))).statusCode).toBe(200);
    expect((await post(order('keyless@example.test'))).statusCode).toBe(200);
    expect((await post(order('keyless@example.test'), 'keyless-1')).statusCode).toBe(200);
    expect((await post(order('keyless@example.test'), 'keyless-2')).statusCode).toBe(200);
    expect(await ordersOf('keyless@example.test')).toBe(4);
  });

  it('replays a refusal too', async () => {
    const body = { customer: customerWith('refused@example.test'), orders: [{ product: { id: product, plot, quantity: 0 } }] };
    const first = await post(body, 'key-refused');
    expect(first.statusCode).toBeGreaterThanOrEqual(400);
    expect(first.statusCode).toBeLessThan(500);
    const retry = await post(body, 'key-refused');
    expect({ status: retry.statusCode, body: retry.body }).toEqual({ status: first.statusCode, body: first.body });
    expect(retry.headers['idempotent-replayed']).toBe('true');
  });

  it('refuses the same key for a different request with 422 IDEMPOTENCY_KEY_REUSED', async () => {
    expect((await post(order('reuse@example.test'), 'key-reuse')).statusCode).toBe(200);
    const other = await post(order('reuse@example.test', 2), 'key-reuse');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ ok: false, error: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await ordersOf('reuse@example.test')).toBe(1);
  });

  it('refuses a malformed key with 400 IDEMPOTENCY_KEY_INVALID', async () => {
    for (const key of ['', 'x'.repeat(256), 'with space']) {
      const response = await post(order('bad-key@example.test'), key);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'IDEMPOTENCY_KEY_INVALID' });
    }
    expect(await ordersOf('bad-key@example.test')).toBe(0);
  });

  it('lets simulations through without keeping anything', async () => {
    const simulation = { ...order('simulate@example.test'), simulate: true };
    const first = await post(simulation, 'key-simulated');
    const second = await post(simulation, 'key-simulated');
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(await shop.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'key-simulated'))).toEqual([]);
    // The submission that follows the simulation may use the key.
    expect((await post(order('simulate@example.test'), 'key-simulated')).statusCode).toBe(200);
    expect(await ordersOf('simulate@example.test')).toBe(1);
  });

  it('books once when the same key arrives several times at once', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(order('together@example.test'), 'key-together')));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
    expect(await ordersOf('together@example.test')).toBe(1);
  });

  it('answers 409 IDEMPOTENCY_KEY_IN_PROGRESS while the first attempt holds the key, and lets a retry take over a lapsed claim that wrote nothing', async () => {
    expect((await post(order('stuck@example.test'), 'key-stuck')).statusCode).toBe(200);
    // As if the first attempt's process had died before it wrote anything (nothing bound to the key).
    const lease = (ms: number) => new Date(shop.clock.now().getTime() + ms);
    await shop.db
      .update(idempotencyKeys)
      .set({ status: null, body: null, claim: 'gone', lockedUntil: lease(60_000), paymentHash: null })
      .where(eq(idempotencyKeys.key, 'key-stuck'));
    const waiting = await post(order('stuck@example.test'), 'key-stuck');
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json()).toMatchObject({ error: 'IDEMPOTENCY_KEY_IN_PROGRESS' });

    await shop.db
      .update(idempotencyKeys)
      .set({ lockedUntil: lease(-1) })
      .where(eq(idempotencyKeys.key, 'key-stuck'));
    const takenOver = await post(order('stuck@example.test'), 'key-stuck');
    expect(takenOver.statusCode).toBe(200);
    expect(takenOver.headers['idempotent-replayed']).toBeUndefined();
    expect((await post(order('stuck@example.test'), 'key-stuck')).body).toBe(takenOver.body);
  });

  it('binds the key to the order in its own transaction: a lost answer is rebuilt from the order, never booked twice', async () => {
    const first = await post(order('lost@example.test'), 'key-lost');
    expect(first.statusCode).toBe(200);
    const [bound] = await shop.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'key-lost'));
    expect(bound?.paymentHash).toBe(first.json().response.orders[0].payment.hash);
    // As if the process had died after the commit, before the answer was kept: the key claimed, bound, no answer.
    const lease = (ms: number) => new Date(shop.clock.now().getTime() + ms);
    await shop.db
      .update(idempotencyKeys)
      .set({ status: null, headers: null, body: null, claim: 'gone', lockedUntil: lease(60_000) })
      .where(eq(idempotencyKeys.key, 'key-lost'));
    // Within the lease the attempt may still be answering.
    expect((await post(order('lost@example.test'), 'key-lost')).statusCode).toBe(409);
    await shop.db
      .update(idempotencyKeys)
      .set({ lockedUntil: lease(-1) })
      .where(eq(idempotencyKeys.key, 'key-lost'));
    const rebuilt = await post(order('lost@example.test'), 'key-lost');
    expect(rebuilt.statusCode).toBe(200);
    expect(rebuilt.headers['idempotent-replayed']).toBe('true');
    expect(rebuilt.json()).toEqual(first.json());
    // The rebuilt answer is kept: the next retry gets the very same bytes.
    const again = await post(order('lost@example.test'), 'key-lost');
    expect(again.body).toBe(rebuilt.body);
    expect(await ordersOf('lost@example.test')).toBe(1);
  });

  it('keeps no 5xx answer: the key is given up and the retry runs', async () => {
    await shop.db.execute(sql`alter table payments rename to payments_away`);
    let failed;
    try {
      failed = await post(order('broken@example.test'), 'key-broken');
    } finally {
      await shop.db.execute(sql`alter table payments_away rename to payments`);
    }
    expect(failed.statusCode).toBe(500);
    expect(await shop.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'key-broken'))).toEqual([]);
    const retry = await post(order('broken@example.test'), 'key-broken');
    expect(retry.statusCode).toBe(200);
    expect(await ordersOf('broken@example.test')).toBe(1);
  });

  it('forgets keys after 24 hours', async () => {
    expect((await post(order('expiry@example.test'), 'key-expiry')).statusCode).toBe(200);
    shop.clock.set(new Date(Date.parse(NOW) + 25 * 3_600_000));
    try {
      // A different request may now use the key, and the expired keys are swept away.
      expect((await post(order('expiry@example.test', 2), 'key-expiry')).statusCode).toBe(200);
      const left = await shop.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys);
      expect(left.map((row) => row.key)).toEqual(['key-expiry']);
    } finally {
      shop.clock.set(NOW);
    }
  });
});
