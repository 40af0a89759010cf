/**
 * Gift cards across TWO real API processes on one PostgreSQL database (server:postgres only):
 * 24 buyers spend one card at once and its credit is never overdrawn — what the cards' debits took
 * is exactly what the card lost, and it never goes below 0. (Guessing codes across processes:
 * tests/server/security/code-guessing.test.ts.)
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftCardDebits, giftCards } from '../../../server/db/schema/index.ts';
import { apiProcesses, freePort } from '../helpers/api-processes.ts';
import { customerWith } from '../helpers/customers.ts';
import { dayTicketSlot } from '../helpers/day-ticket-slot.ts';
import { createTestShop, testDatabaseUrl, type TestShop } from '../helpers/test-app.ts';

if (!testDatabaseUrl()) throw new Error('gift-card-credit needs SHOP_TEST_DATABASE_URL (the server:postgres project)');
// This suite's own ports (the e2e range of the voucher work is 5100-5114).
let ports: number[] = [];
const BUYERS = 24;
const CREDIT_CENTS = 10_000;

let shop: TestShop | undefined;
const processes = apiProcesses();
let slot = { product: 0, plot: 0 };

const url = (index: number, path: string) => `http://127.0.0.1:${ports[index % ports.length]}${path}`;

beforeAll(async () => {
  shop = await createTestShop();
  slot = await dayTicketSlot(shop.db);
  // Behind a proxy each buyer has their own address (X-Forwarded-For), so only the card decides.
  ports = [await freePort(), await freePort()];
  // One proxy hop: the test's X-Forwarded-For is the client address, as behind a load balancer.
  for (const port of ports) await processes.start(port, { TRUST_PROXY: '1', SECURITY_ENABLED: 'false' });
}, 60_000);

afterAll(async () => {
  await processes.stopAll();
  await shop?.close();
});

describe('one gift card, two API processes', () => {
  it('is never overdrawn by buyers spending it at once', async () => {
    const db = (shop as TestShop).db;
    await db.update(giftCards).set({ creditCents: CREDIT_CENTS }).where(eq(giftCards.code, 'GIFT-DEMO-FOREVER'));
    const answers = await Promise.all(
      Array.from({ length: BUYERS }, async (_, index) => {
        const response = await fetch(url(index, '/api/orders'), {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${index + 1}` },
          body: JSON.stringify({
            customer: customerWith(`buyer${index}@example.test`),
            coupon: ['GIFT-DEMO-FOREVER'],
            orders: [{ product: { id: slot.product, plot: slot.plot, quantity: 2 } }],
          }),
        });
        const body = (await response.json()) as { ok: boolean; error?: string };
        return response.status === 200 ? 'ok' : (body.error ?? String(response.status));
      }),
    );
    const [card] = await db.select().from(giftCards).where(eq(giftCards.code, 'GIFT-DEMO-FOREVER'));
    const [debited] = await db
      .select({ cents: sql<number>`coalesce(sum(${giftCardDebits.amountCents}), 0)::int` })
      .from(giftCardDebits)
      .where(and(eq(giftCardDebits.giftCardId, card?.id as number), isNull(giftCardDebits.restoredAt)));
    expect(card?.creditCents).toBeGreaterThanOrEqual(0);
    expect(Number(debited?.cents)).toBe(CREDIT_CENTS - (card?.creditCents as number));
    expect(answers.filter((answer) => answer === 'ok').length).toBeGreaterThan(0);
    // The card ran out: later buyers are refused with a code, not charged credit that is not there (an
    // empty card answers like an unknown code, COUPON_INVALID, so a guesser cannot tell: abuse-limits.ts).
    expect(new Set(answers.filter((answer) => answer !== 'ok'))).toEqual(new Set(['COUPON_INVALID']));
    expect(answers).toContain('COUPON_INVALID');
  }, 60_000);
});
