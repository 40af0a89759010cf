/**
 * The answer lost after the commit (server:postgres only), across two real API processes: process A
 * books, then its database connection dies while it keeps the key's answer (the backend is
 * terminated in the middle of that statement). The order is committed, the key claimed and bound to
 * it, no answer kept. A retry with the same key on process B — after A's lease, and after the slot
 * has filled up meanwhile — gets A's answer rebuilt from the order, never a second booking.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, orders, plots } from '../../server/db/schema/index.ts';
import { apiProcesses, freePort } from './helpers/api-processes.ts';
import { customerWith } from './helpers/customers.ts';
import { dayTicketSlot } from './helpers/day-ticket-slot.ts';
import { createTestShop, testDatabaseUrl, type TestShop } from './helpers/test-app.ts';

if (!testDatabaseUrl()) throw new Error('idempotency-lost-answer needs SHOP_TEST_DATABASE_URL (the server:postgres project)');
const KEY = 'lost-after-commit';
const EMAIL = 'lost-answer@example.test';

let shop: TestShop;
const processes = apiProcesses();
let product = 0;
let plot = 0;

async function ordersOf(email: string): Promise<{ hash: string; paymentId: number | null }[]> {
  return shop.db
    .select({ hash: orders.hash, paymentId: orders.paymentId })
    .from(orders)
    .where(sql`${orders.customer}->>'email' = ${email}`);
}

describe('an idempotency key whose answer was lost after the commit', () => {
  beforeAll(async () => {
    shop = await createTestShop();
    ({ product, plot } = await dayTicketSlot(shop.db));
    // Keeping this key's answer hangs (until the test ends the backend running it): the commit of
    // the order is done, the answer never stored.
    await shop.db.execute(sql`
      create function hang_answer() returns trigger language plpgsql as $$
      begin
        if new.key = ${sql.raw(`'${KEY}'`)} and new.status is not null then perform pg_sleep(600); end if;
        return new;
      end $$`);
    await shop.db.execute(sql`create trigger hang_answer before update on idempotency_keys for each row execute function hang_answer()`);
  });

  afterAll(async () => {
    // Whatever happened, nothing is left hanging in the trigger.
    await shop?.db.execute(sql`drop trigger if exists hang_answer on idempotency_keys`);
    await shop?.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and wait_event = 'PgSleep'`);
    await processes.stopAll();
    await shop?.close();
  });

  it('is answered from the order it booked, in another process, and books once', async () => {
    const [portA, portB] = [await freePort(), await freePort()];
    await processes.start(portA, { SECURITY_ENABLED: 'false' });
    await processes.start(portB, { SECURITY_ENABLED: 'false' });
    const body = JSON.stringify({ customer: customerWith(EMAIL), orders: [{ product: { id: product, plot, quantity: 1 } }] });
    const send = (port: number) =>
      fetch(`http://127.0.0.1:${port}/api/orders`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': KEY }, body });

    const first = send(portA);
    // A is keeping its answer now: its connection dies in the middle of that statement.
    let killed = 0;
    for (let attempt = 0; attempt < 600 && killed === 0; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const result = await shop.db.execute(sql`
        select pg_terminate_backend(pid) as ended from pg_stat_activity
        where datname = current_database() and wait_event = 'PgSleep' and query ilike '%update idempotency_keys%'`);
      killed = (result as unknown as { rows: unknown[] }).rows.length;
    }
    expect(killed).toBe(1);
    // Only the first attempt's answer is lost: later answers are kept again.
    await shop.db.execute(sql`drop trigger hang_answer on idempotency_keys`);
    const lost = await first;
    // The process survives the lost connection and still answers A's visitor (who may never get it).
    expect(lost.status).toBe(200);
    const firstAnswer = await lost.json();

    const [held] = await shop.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, KEY));
    expect(held).toMatchObject({ status: null, body: null, paymentHash: firstAnswer.response.orders[0].payment.hash });
    expect(await ordersOf(EMAIL)).toHaveLength(1);

    // Within A's lease, B cannot know A is gone: try again shortly.
    const early = await send(portB);
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ error: 'IDEMPOTENCY_KEY_IN_PROGRESS' });

    // The lease is over (as 60 s later), and the slot has sold out meanwhile: the retry is not run again.
    await shop.db
      .update(idempotencyKeys)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(idempotencyKeys.key, KEY));
    await shop.db
      .update(plots)
      .set({ capacity: sql`${plots.sold} + ${plots.held}` })
      .where(eq(plots.id, plot));
    const retry = await send(portB);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await retry.json()).toEqual(firstAnswer);
    const again = await send(portA);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(firstAnswer);

    const booked = await ordersOf(EMAIL);
    expect(booked).toHaveLength(1);
    expect(booked[0]?.hash).toBe(firstAnswer.response.orders[0].order.hash);
  }, 120_000);
});
