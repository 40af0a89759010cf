/**
 * The password rule on the server (server/security/password-strength.ts): a new account's password in
 * a subscription order and a client's new password are refused with 400 PASSWORD_TOO_WEAK (reason
 * COMMON) when they are one of the commonest passwords, and nothing is written.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, orders } from '../../../server/db/schema/index.ts';
import { customerWith } from '../helpers/customers.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';
import { NOW, signIn, subscriptionIds, type SubscriptionIds } from './subscription-fixture.ts';

let shop: TestShop;
let ids: SubscriptionIds;

beforeAll(async () => {
  shop = await createTestShop({ now: NOW, config: { rateLimits: false } });
  ids = await subscriptionIds(shop);
});
afterAll(async () => shop?.close());

const order = (email: string, password: string) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/subscriptions',
    payload: {
      customer: { ...customerWith(email), password },
      subscription: { id: ids.family },
      audiences: { [ids.adult]: { quantity: 1 } },
      passes: [{ pass: null, audience: ids.adult, profile: { name: 'Ada Lovelace' } }],
    },
  });

describe('a new account’s password in a subscription order', () => {
  it.each(['password', 'qwerty123', 'Sunshine', 'iloveyou'])('refuses %s with PASSWORD_TOO_WEAK, writing no account or order', async (password) => {
    const email = `common-${password.toLowerCase()}@example.test`;
    const before = (await shop.db.select({ id: orders.id }).from(orders)).length;
    const response = await order(email, password);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ ok: false, error: 'PASSWORD_TOO_WEAK' });
    expect(await shop.db.select().from(clients).where(eq(clients.email, email))).toHaveLength(0);
    expect((await shop.db.select({ id: orders.id }).from(orders)).length).toBe(before);
  });

  it('takes one that is not common', async () => {
    const response = await order('uncommon@example.test', 'lighthouse-keeper-2030');
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('a client’s new password', () => {
  it('refuses a common one with PASSWORD_TOO_WEAK and keeps the old one', async () => {
    const cookie = await signIn(shop);
    const change = (password: string) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/client/password',
        payload: { current_password: 'tidewater-demo', password },
        headers: { cookie },
        remoteAddress: '192.0.2.90',
      });
    const refused = await change('football');
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ ok: false, error: 'PASSWORD_TOO_WEAK', fields: { password: 'COMMON' } });
    const login = await shop.app.inject({
      method: 'POST',
      url: '/api/client/login',
      payload: { email: 'demo@tidewater.example', password: 'tidewater-demo' },
      remoteAddress: '192.0.2.91',
    });
    expect(login.statusCode).toBe(200);
  });
});
