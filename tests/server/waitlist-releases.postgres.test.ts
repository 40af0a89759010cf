/**
 * On PostgreSQL (server:postgres only): TWO real API processes give places back at once — twelve
 * unpaid checkouts cancelled at the test gateway, half through each process — while both run the
 * waiting-list worker. Each freed place goes to exactly one entry: the places held for entries
 * plus the places left free are the places freed, no entry holds twice, every offered entry got one
 * mail, and what is left free fits no waiting entry.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderResponse } from '#domain/contracts/orders.ts';
import { outbox, placeReleases, plots, waitlistEntries } from '../../server/db/schema/index.ts';
import { apiProcesses, freePort } from './helpers/api-processes.ts';
import { createTestShop, testDatabaseUrl, type TestShop } from './helpers/test-app.ts';
import { customerWith } from './helpers/customers.ts';
import { dayTicketSlot } from './helpers/day-ticket-slot.ts';

if (!testDatabaseUrl()) throw new Error('waitlist-releases needs SHOP_TEST_DATABASE_URL (the server:postgres project)');
const CAPACITY = 12;
const WAITING = [1, 2, 3, 1, 2, 1, 2, 1, 3];

let shop: TestShop | undefined;
const processes = apiProcesses();

describe('places released in two processes at once', () => {
  beforeAll(async () => {
    shop = await createTestShop({ config: { rateLimits: false } });
  });

  afterAll(async () => {
    await processes.stopAll();
    await shop?.close();
  });

  it('each freed place goes to exactly one waiting entry', async () => {
    const { app, db } = shop as TestShop;
    const { product, plot } = await dayTicketSlot(db);
    await db.update(plots).set({ capacity: CAPACITY, sold: 0, held: 0, orderCount: 0, maxOrders: null }).where(eq(plots.id, plot));
    const payments: string[] = [];
    for (let index = 0; index < CAPACITY; index += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: { customer: customerWith(`buyer${index}@example.test`), orders: [{ product: { id: product, plot, quantity: 1 } }] },
      });
      expect(response.statusCode, response.body).toBe(200);
      payments.push((response.json() as OrderResponse).response.orders[0]?.payment?.hash ?? '');
    }
    for (const [index, quantity] of WAITING.entries()) {
      const joined = await app.inject({
        method: 'POST',
        url: '/api/waitlist',
        payload: { plot, email: `wait${index}@example.test`, quantity, language: 'en' },
      });
      expect(joined.statusCode, joined.body).toBe(201);
    }

    const ports = [await freePort(), await freePort()];
    for (const port of ports) await processes.start(port, { WAITLIST_INTERVAL_MS: '20', RATE_LIMITS: 'false' });
    const cancelled = await Promise.all(
      payments.map((hash, index) => fetch(`http://127.0.0.1:${ports[index % 2]}/api/test-gateway/${hash}/cancel`, { method: 'POST', redirect: 'manual' })),
    );
    expect(cancelled.map((response) => response.status)).toEqual(payments.map(() => 303));

    // Both workers drain the release events.
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const [left] = await db.select({ n: sql<number>`count(*)::int` }).from(placeReleases);
      if (Number(left?.n) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    await processes.stopAll();

    const entries = await db.select().from(waitlistEntries).where(eq(waitlistEntries.plotId, plot)).orderBy(waitlistEntries.id);
    const holdsOf = await db.execute(sql`select waitlist_entry_id as entry, quantity from holds where plot_id = ${plot} and waitlist_entry_id is not null`);
    const held = (holdsOf as unknown as { rows: { entry: number; quantity: number }[] }).rows;
    const offered = entries.filter((entry) => entry.state === 'OFFERED');
    const [slot] = await db.select().from(plots).where(eq(plots.id, plot));
    const mails = await db.select({ recipient: outbox.recipient }).from(outbox).where(eq(outbox.kind, 'waitlist-offer'));

    // One hold per offered entry, of its quantity; one mail each.
    expect(held.map((hold) => hold.entry).sort()).toEqual(offered.map((entry) => entry.id).sort());
    for (const entry of offered) expect(held.find((hold) => hold.entry === entry.id)?.quantity).toBe(entry.quantity);
    expect(mails.map((mail) => mail.recipient).sort()).toEqual(offered.map((entry) => entry.email).sort());
    // Every freed place is held for one entry or still free; never more than freed.
    const heldPlaces = held.reduce((sum, hold) => sum + hold.quantity, 0);
    expect(slot?.sold).toBe(0);
    expect(slot?.held).toBe(heldPlaces);
    expect(heldPlaces).toBeLessThanOrEqual(CAPACITY);
    const free = CAPACITY - heldPlaces;
    for (const entry of entries.filter((each) => each.state === 'WAITING')) expect(entry.quantity).toBeGreaterThan(free);
    expect(offered.length).toBeGreaterThan(0);
  });
});
