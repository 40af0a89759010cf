/**
 * One Idempotency-Key sent to TWO real API processes at once (server:postgres only): one booking,
 * and every answer is that booking's.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../server/db/schema/index.ts';
import { customerWith } from './helpers/customers.ts';
import { apiProcesses, freePort } from './helpers/api-processes.ts';
import { createTestShop, testDatabaseUrl, type TestShop } from './helpers/test-app.ts';
import { dayTicketSlot } from './helpers/day-ticket-slot.ts';

if (!testDatabaseUrl()) throw new Error('idempotency needs SHOP_TEST_DATABASE_URL (the server:postgres project)');
const SENDS = 12;

let shop: TestShop;
const processes = apiProcesses();
let product = 0;
let plot = 0;

describe('one idempotency key across two API processes', () => {
  beforeAll(async () => {
    shop = await createTestShop();
    ({ product, plot } = await dayTicketSlot(shop.db));
  });

  afterAll(async () => {
    await processes.stopAll();
    await shop?.close();
  });

  it('books once when both processes receive the same key at the same time', async () => {
    const ports = [await freePort(), await freePort()];
    for (const port of ports) await processes.start(port, { SECURITY_ENABLED: 'false' });
    const body = JSON.stringify({ customer: customerWith('twice@example.test'), orders: [{ product: { id: product, plot, quantity: 1 } }] });
    const answers = await Promise.all(
      Array.from({ length: SENDS }, async (_, index) => {
        const response = await fetch(`http://127.0.0.1:${ports[index % 2]}/api/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': 'one-attempt-two-processes' },
          body,
        });
        return { status: response.status, body: await response.text(), replayed: response.headers.get('idempotent-replayed') === 'true' };
      }),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(SENDS).fill(200));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(answers.filter((answer) => !answer.replayed)).toHaveLength(1);
    const [booked] = await shop.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(sql`${orders.customer}->>'email' = 'twice@example.test'`);
    expect(Number(booked?.n)).toBe(1);
  }, 120_000);
});
