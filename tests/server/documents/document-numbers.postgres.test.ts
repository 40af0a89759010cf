/**
 * Gap-free document numbers across FOUR real API processes on one PostgreSQL database (server:postgres
 * only): 2,000 business customers order on invoice at once, each order confirmed and invoiced in its
 * checkout's transaction, and the invoices' numbers are exactly 1..2,000 — no gap, no repeat — with
 * the series' counter at 2,000.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../server/db/raw-rows.ts';
import { apiProcesses, freePort } from '../helpers/api-processes.ts';
import { customerWith } from '../helpers/customers.ts';
import { dayTicketSlot } from '../helpers/day-ticket-slot.ts';
import { createTestShop, testDatabaseUrl, type TestShop } from '../helpers/test-app.ts';

if (!testDatabaseUrl()) throw new Error('document-numbers needs SHOP_TEST_DATABASE_URL (the server:postgres project)');
const PROCESSES = 4;
const DOCUMENTS = 2_000;
/** Requests in flight at once, spread over the processes. */
const CONCURRENCY = 32;

let shop: TestShop | undefined;
const processes = apiProcesses();
let ports: number[] = [];
let slot = { product: 0, plot: 0 };

beforeAll(async () => {
  shop = await createTestShop();
  slot = await dayTicketSlot(shop.db);
  ports = await Promise.all(Array.from({ length: PROCESSES }, () => freePort()));
  await Promise.all(ports.map((port) => processes.start(port, { RATE_LIMITS: 'off', SECURITY_ENABLED: 'false' })));
}, 120_000);

afterAll(async () => {
  await processes.stopAll();
  await shop?.close();
});

describe('document numbers, four API processes', () => {
  it('2,000 invoices issued at once are numbered exactly 1..2,000', async () => {
    let next = 0;
    const refused: string[] = [];
    const worker = async () => {
      for (let index = next++; index < DOCUMENTS; index = next++) {
        const port = ports[index % ports.length];
        const response = await fetch(`http://127.0.0.1:${port}/api/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            customer: { ...customerWith(`invoice${index}@example.test`), company: `Company ${index}`, vat_id: 'NL123456789B01' },
            invoice: true,
            orders: [{ product: { id: slot.product, plot: slot.plot, quantity: 1 } }],
          }),
        });
        if (response.status !== 200) refused.push(`${response.status} ${await response.text()}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect(refused.slice(0, 3)).toEqual([]);
    const db = (shop as TestShop).db;
    const numbers = rowsOf<{ number: number }>(await db.execute(sql`select number from documents where series = 'IN' order by number`)).map((row) =>
      Number(row.number),
    );
    expect(numbers).toEqual(Array.from({ length: DOCUMENTS }, (_, index) => index + 1));
    const [counter] = rowsOf<{ last: number }>(await db.execute(sql`select last from document_counters where series = 'IN'`));
    expect(Number(counter?.last)).toBe(DOCUMENTS);
    const [orders] = rowsOf<{ count: number }>(await db.execute(sql`select count(*)::int as count from orders where invoice`));
    expect(orders?.count).toBe(DOCUMENTS);
  }, 600_000);
});
