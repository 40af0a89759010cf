/**
 * The last visit of an ONLINE card, redeemed at once through TWO real API processes on one
 * PostgreSQL database (server:postgres only): exactly one order gets it, every other one is
 * refused, and the card never goes below 0 — the redemption is a conditional UPDATE in the
 * checkout's transaction, like coupon uses.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayInTimeZone } from '#domain/plot-query.ts';
import { clientSubscriptions } from '../../../server/db/schema/index.ts';
import { apiProcesses, freePort } from '../helpers/api-processes.ts';
import { customer } from '../helpers/customers.ts';
import { createTestShop, testDatabaseUrl, type TestShop } from '../helpers/test-app.ts';
import { demoOnlineCard, redemptionsLeft, signIn, subscriptionIds, type SubscriptionIds } from './subscription-fixture.ts';

if (!testDatabaseUrl()) throw new Error('redemption-race needs SHOP_TEST_DATABASE_URL (the server:postgres project)');
const BUYERS = 12;

let shop: TestShop;
let ids: SubscriptionIds;
const processes = apiProcesses();

beforeAll(async () => {
  shop = await createTestShop();
  ids = await subscriptionIds(shop, dayInTimeZone(new Date(), 'Europe/Amsterdam'));
});
afterAll(async () => {
  await processes.stopAll();
  await shop?.close();
});

describe('ONLINE redemption across two API processes', () => {
  it('gives the last visit to exactly one of the orders racing for it', async () => {
    const card = await demoOnlineCard(shop);
    await shop.db.update(clientSubscriptions).set({ availableRedemptions: 1 }).where(eq(clientSubscriptions.id, card.id));
    const cookie = await signIn(shop);
    const ports = [await freePort(), await freePort()];
    for (const port of ports) await processes.start(port, { SECURITY_ENABLED: 'false' });

    const answers = await Promise.all(
      Array.from({ length: BUYERS }, async (_, index) => {
        const response = await fetch(`http://127.0.0.1:${ports[index % ports.length]}/api/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({
            customer,
            orders: [{ product: { id: ids.aquarium, plot: ids.plot, quantity: 1 }, audiences: { [ids.adult]: { quantity: 1 } }, subscription: card.token }],
          }),
        });
        const body = (await response.json()) as { ok: boolean; error?: string };
        return response.status === 200 ? 'ok' : (body.error ?? String(response.status));
      }),
    );
    await processes.stopAll();

    expect(
      answers.filter((answer) => answer === 'ok'),
      answers.join(' '),
    ).toHaveLength(1);
    expect(answers.filter((answer) => answer !== 'ok').every((answer) => ['SUBSCRIPTION_USED_UP', 'SUBSCRIPTION_NOT_REDEEMABLE'].includes(answer))).toBe(true);
    expect(await redemptionsLeft(shop, card.id)).toBe(0);
  }, 180_000);
});
