/**
 * Captcha on subscription submissions (spec section 4): the same escalation as orders — subscription
 * submissions count together with orders, and past the limit a subscription needs a token; a refused
 * one writes nothing, a verified one goes through.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations, orders, products } from '../../../server/db/schema/index.ts';
import { startFakeCaptchaVerify, type FakeCaptchaVerify } from '../../fakes/captcha-verify.ts';
import { customerWith } from '../helpers/customers.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';
import { NOW, subscriptionIds, type SubscriptionIds } from './subscription-fixture.ts';

const SECRET = 'subscription-captcha-secret';
let fake: FakeCaptchaVerify;
let shop: TestShop;
let ids: SubscriptionIds;
let guidebook: number;
const who = { address: '203.0.113.77', email: 'busy@example.test' };

const subscribe = (email: string, captcha: string | null = null) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/subscriptions',
    remoteAddress: who.address,
    payload: {
      customer: { ...customerWith(who.email), email: who.email, password: 'secret-pass', fields: { ...customerWith(who.email).fields } },
      subscription: { id: ids.online },
      captcha,
    },
  });

const orderCount = async () => (await shop.db.select({ n: count() }).from(orders))[0]?.n;

beforeAll(async () => {
  fake = await startFakeCaptchaVerify({ secret: SECRET });
  shop = await createTestShop({ now: NOW, config: { security: { enabled: true, captchaSecret: SECRET, captchaVerifyUrl: fake.verifyUrl } } });
  await shop.db.update(organisations).set({ securityEnabled: true, captchaSiteKey: 'site-key' });
  ids = await subscriptionIds(shop);
  guidebook = (await shop.db.select({ id: products.id }).from(products).where(eq(products.slug, 'zoo-guidebook')))[0]?.id as number;
});
afterAll(async () => {
  await shop?.close();
  await fake?.close();
});

describe('captcha on subscription submissions', () => {
  it('counts subscriptions with orders and asks a token past the limit', async () => {
    for (let index = 0; index < 5; index += 1) {
      const response = await shop.app.inject({
        method: 'POST',
        url: '/api/orders',
        remoteAddress: who.address,
        payload: { customer: customerWith(who.email), orders: [{ product: { id: guidebook, quantity: 1 } }] },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const before = await orderCount();
    const refused = await subscribe(who.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ ok: false, error: 'SECURITY_CAPTCHA_REQUIRED' });
    expect(await orderCount()).toBe(before);

    const invalid = await subscribe(who.email, 'made-up-token');
    expect(invalid.json()).toMatchObject({ error: 'SECURITY_CAPTCHA_INVALID' });

    const verified = await subscribe(who.email, fake.issueToken());
    expect(verified.statusCode, verified.body).toBe(200);
    expect(await orderCount()).toBe((before ?? 0) + 1);
  });
});
