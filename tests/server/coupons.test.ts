/** POST /api/coupon: previews (gift cards for anyone, coupons for signed-in clients), refusals with error_info; coupon limits under concurrent checkouts (PostgreSQL). */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientGroups, clients, coupons, plots, products, subscriptions } from '../../server/db/schema/index.ts';
import { createTestShop, testDatabaseUrl, type TestShop } from './helpers/test-app.ts';

const NOW = '2030-06-03T07:00:00Z';
const onPostgres = testDatabaseUrl() ? it : () => undefined;
let shop: TestShop;
let cookie: string;
let guidebook: number;

const preview = (body: object, withCookie = true) =>
  shop.app.inject({ method: 'POST', url: '/api/coupon', payload: body, headers: withCookie ? { cookie } : {} });

beforeAll(async () => {
  shop = await createTestShop({ now: NOW });
  const login = await shop.app.inject({ method: 'POST', url: '/api/client/login', payload: { email: 'demo@tidewater.example', password: 'tidewater-demo' } });
  cookie = String([login.headers['set-cookie']].flat()[0]).split(';')[0] ?? '';
  guidebook = (await shop.db.select({ id: products.id }).from(products).where(eq(products.slug, 'zoo-guidebook')))[0]?.id as number;
});
afterAll(async () => shop?.close());

describe('POST /api/coupon', () => {
  it('answers an anonymous visitor a gift card, and of a coupon (which needs signing in) what of an unknown code', async () => {
    const card = await preview({ type: 'PRODUCT', products: [guidebook], coupon: 'GIFT-DEMO-FOREVER' }, false);
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json()).toEqual({ type: 'VOUCHER', data: { barcode: 'GIFT-DEMO-FOREVER', credit: 40, expiration: null } });
    const coupon = await preview({ type: 'PRODUCT', products: [guidebook], coupon: 'SUMMER10' }, false);
    expect(coupon.statusCode).toBe(400);
    expect(coupon.json()).toMatchObject({ ok: false, error: 'COUPON_INVALID', error_info: 'SUMMER10 is not a valid coupon or gift card code.' });
  });

  it.each([
    ['summer10', { type: 'COUPON', data: { code: 'SUMMER10', type: 'PERCENTAGE', value: 10, max_ticket_amount: null } }],
    ['FIVEOFF', { type: 'COUPON', data: { code: 'FIVEOFF', type: 'FIXED', value: 5, max_ticket_amount: null } }],
    ['FAMILY25', { type: 'COUPON', data: { code: 'FAMILY25', type: 'PERCENTAGE', value: 25, max_ticket_amount: 2 } }],
    ['gift-demo-forever', { type: 'VOUCHER', data: { barcode: 'GIFT-DEMO-FOREVER', credit: 40, expiration: null } }],
  ])('answers %s', async (code, expected) => {
    const response = await preview({ type: 'PRODUCT', products: [guidebook], coupon: code });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(expected);
  });

  it('answers the gift card GIFT-DEMO-2500 with its credit and expiry date', async () => {
    const body = (await preview({ type: 'PRODUCT', products: [guidebook], coupon: 'GIFT-DEMO-2500' })).json();
    expect(body).toMatchObject({ type: 'VOUCHER', data: { barcode: 'GIFT-DEMO-2500', credit: 25 } });
    expect(body.data.expiration).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it.each([
    ['EXPIRED', 'COUPON_EXPIRED'],
    // Used up answers as unknown: telling them apart would help a guesser.
    ['USEDUP', 'COUPON_INVALID'],
    ['NOPE', 'COUPON_INVALID'],
  ])('refuses %s with %s and a readable error_info', async (code, error) => {
    const response = await preview({ type: 'PRODUCT', products: [guidebook], coupon: code });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toMatchObject({ ok: false, error, error_info: expect.stringMatching(/\w+ \w+/) });
  });

  it('refuses a code already applied (ignoring case) and one not for these products', async () => {
    const duplicate = (await preview({ type: 'PRODUCT', products: [guidebook], coupon: 'summer10', coupons: ['SUMMER10'] })).json();
    expect(duplicate).toMatchObject({ error: 'COUPON_INVALID', error_info: expect.stringContaining('already applied') });
    await shop.db
      .update(coupons)
      .set({ products: [guidebook + 1000] })
      .where(eq(coupons.code, 'FIVEOFF'));
    const other = await preview({ type: 'PRODUCT', products: [guidebook], coupon: 'FIVEOFF' });
    expect(other.json()).toMatchObject({ error: 'COUPON_NOT_APPLICABLE' });
    await shop.db.update(coupons).set({ products: [] }).where(eq(coupons.code, 'FIVEOFF'));
  });

  it("accepts a customer group's coupon (MEMBERS15) from a member, and refuses it with COUPON_GROUP_ONLY to a client outside the group, on preview and order", async () => {
    const [family] = await shop.db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.slug, 'family-membership'));
    const member = await preview({ type: 'SUBSCRIPTION', subscription: family?.id, coupon: 'members15' });
    expect(member.statusCode, member.body).toBe(200);
    expect(member.json()).toEqual({ type: 'COUPON', data: { code: 'MEMBERS15', type: 'PERCENTAGE', value: 15, max_ticket_amount: null } });

    const [demo] = await shop.db.select({ id: clients.id }).from(clients).where(eq(clients.email, 'demo@tidewater.example'));
    const memberships = await shop.db
      .delete(clientGroups)
      .where(eq(clientGroups.clientId, demo?.id as number))
      .returning();
    try {
      const outsider = await preview({ type: 'PRODUCT', products: [guidebook], coupon: 'MEMBERS15' });
      expect(outsider.statusCode).toBe(400);
      expect(outsider.json()).toMatchObject({ ok: false, error: 'COUPON_GROUP_ONLY', error_info: expect.stringContaining('MEMBERS15') });
      const customer = { first_name: 'A', last_name: 'B', email: 'a@example.test', fields: { email_confirm: 'a@example.test', heard_about_us: 'friends' } };
      const order = await shop.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { cookie },
        payload: { customer, coupon: ['MEMBERS15'], orders: [{ product: { id: guidebook, quantity: 1 } }] },
      });
      expect(order.statusCode).toBe(400);
      expect(order.json()).toMatchObject({ ok: false, error: 'COUPON_GROUP_ONLY' });
    } finally {
      await shop.db.insert(clientGroups).values(memberships);
    }
  });

  it('previews without using the coupon up', async () => {
    const [before] = await shop.db.select().from(coupons).where(eq(coupons.code, 'SUMMER10'));
    await preview({ type: 'PRODUCT', products: [guidebook], coupon: 'SUMMER10' });
    const [after] = await shop.db.select().from(coupons).where(eq(coupons.code, 'SUMMER10'));
    expect(after?.usedCount).toBe(before?.usedCount);
  });

  onPostgres('a coupon with 3 uses left is used exactly 3 times by 20 concurrent checkouts', async () => {
    await shop.db.update(coupons).set({ usageLimit: 3, usedCount: 0 }).where(eq(coupons.code, 'FIVEOFF'));
    const customer = { first_name: 'A', last_name: 'B', email: 'a@example.test', fields: { email_confirm: 'a@example.test', heard_about_us: 'friends' } };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        shop.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: { cookie },
          payload: { customer, coupon: ['FIVEOFF'], orders: [{ product: { id: guidebook, quantity: 1 } }] },
        }),
      ),
    );
    const statuses = answers.map((answer) => (answer.statusCode === 200 ? 'ok' : answer.json().error));
    expect(statuses.filter((status) => status === 'ok')).toHaveLength(3);
    expect(statuses.filter((status) => status !== 'ok').every((status) => status === 'COUPON_INVALID')).toBe(true);
    const [row] = await shop.db.select().from(coupons).where(eq(coupons.code, 'FIVEOFF'));
    expect(row?.usedCount).toBe(3);
    void plots;
  });
});
