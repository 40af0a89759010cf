/**
 * ONLINE redemption in POST /api/orders through the takings seam: only the signed-in client's own
 * card, covering the product and audiences, unexpired, with visits left; taken with the places in
 * the checkout's transaction and given back on cancel, failure and expiry, like coupon uses.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderRequest } from '#domain/contracts/orders.ts';
import { clientSubscriptions, orders, subscriptionRedemptions } from '../../../server/db/schema/index.ts';
import { customer } from '../helpers/customers.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';
import { demoOnlineCard, NOW, redemptionsLeft, refused, signIn, signInByMailedLink, subscriptionIds, type SubscriptionIds } from './subscription-fixture.ts';

let shop: TestShop;
let ids: SubscriptionIds;
let demo: string;
let card: Awaited<ReturnType<typeof demoOnlineCard>>;

function order(token: string | null, adults = 2, extra: Partial<OrderRequest> = {}): OrderRequest {
  return {
    customer,
    orders: [{ product: { id: ids.aquarium, plot: ids.plot, quantity: adults }, audiences: { [ids.adult]: { quantity: adults } }, subscription: token }],
    ...extra,
  };
}

const post = (payload: OrderRequest, cookie: string | null = demo) =>
  shop.app.inject({ method: 'POST', url: '/api/orders', payload, headers: cookie ? { cookie } : {} });

beforeAll(async () => {
  shop = await createTestShop({ now: NOW });
  ids = await subscriptionIds(shop);
  demo = await signIn(shop);
  card = await demoOnlineCard(shop);
});
afterAll(async () => shop?.close());
beforeEach(async () => {
  shop.clock.set(NOW);
  await shop.db.update(clientSubscriptions).set({ availableRedemptions: 8, expiresOn: '2031-01-01' }).where(eq(clientSubscriptions.id, card.id));
});

describe('ONLINE redemption: prices', () => {
  it('pays the tickets with the card: the total drops to the booking fee', async () => {
    const full = (await post({ ...order(null), simulate: true })).json();
    const redeemed = (await post({ ...order(card.token), simulate: true })).json();
    expect(full.response.orders[0].prices).toEqual({ product: 37, upsell: 0, subtotal: 37, discount: 0, additions: 1, total: 38 });
    expect(redeemed.response.orders[0].prices).toEqual({ product: 37, upsell: 0, subtotal: 37, discount: 37, additions: 1, total: 1 });
    expect(await redemptionsLeft(shop, card.id)).toBe(8);
  });

  it.each([
    ['without signing in', () => post(order(card.token), null), 'LOGIN_REQUIRED'],
    ['a token that is not the client’s', () => post(order('no-such-token')), 'SUBSCRIPTION_NOT_REDEEMABLE'],
    ['more tickets than visits left', () => post(order(card.token, 9)), 'SUBSCRIPTION_NOT_REDEEMABLE'],
    [
      'an audience the card does not cover',
      () =>
        post({
          customer,
          orders: [
            {
              product: { id: ids.aquarium, plot: ids.plot, quantity: 2 },
              audiences: { [ids.adult]: { quantity: 1 }, [ids.senior]: { quantity: 1 } },
              subscription: card.token,
            },
          ],
        }),
      'SUBSCRIPTION_NOT_REDEEMABLE',
    ],
  ])('refuses %s', async (_, send, code) => {
    refused(await send(), code);
    expect(await redemptionsLeft(shop, card.id)).toBe(8);
  });

  it('counts every line that uses the card together', async () => {
    const line = (order(card.token, 5).orders ?? [])[0];
    refused(await post({ customer, orders: [line, line] as OrderRequest['orders'] }), 'SUBSCRIPTION_NOT_REDEEMABLE');
    expect(await redemptionsLeft(shop, card.id)).toBe(8);
  });

  it('refuses an expired card', async () => {
    await shop.db.update(clientSubscriptions).set({ expiresOn: '2030-06-02' }).where(eq(clientSubscriptions.id, card.id));
    refused(await post(order(card.token, 1)), 'SUBSCRIPTION_NOT_REDEEMABLE');
  });

  it("refuses another client's card as if it did not exist", async () => {
    const stranger = await shop.app.inject({
      method: 'POST',
      url: '/api/subscriptions',
      payload: {
        customer: {
          ...customer,
          email: 'stranger@example.test',
          fields: { ...customer.fields, email_confirm: 'stranger@example.test' },
          password: 'stranger-pass',
        },
        subscription: { id: ids.online },
      },
    });
    expect(stranger.statusCode, stranger.body).toBe(200);
    const cookie = await signInByMailedLink(shop, 'stranger@example.test');
    const answer = (await post(order(card.token, 1), cookie)).json();
    expect(answer).toMatchObject({ error: 'SUBSCRIPTION_NOT_REDEEMABLE', error_info: 'This subscription is not yours or does not exist.' });
  });
});

describe('ONLINE redemption: taken and given back', () => {
  it('takes the visits with the order and gives them back when the payment is cancelled', async () => {
    const answer = (await post(order(card.token, 2))).json();
    expect(answer.ok, JSON.stringify(answer)).toBe(true);
    expect(await redemptionsLeft(shop, card.id)).toBe(6);
    const [row] = await shop.db.select().from(orders).where(eq(orders.hash, answer.response.orders[0].order.hash));
    expect(row?.clientSubscriptionId).toBe(card.id);
    await shop.app.inject({ method: 'POST', url: `/api/test-gateway/${answer.response.orders[0].payment.hash}/cancel` });
    expect(await redemptionsLeft(shop, card.id)).toBe(8);
    await shop.app.inject({ method: 'POST', url: `/api/test-gateway/${answer.response.orders[0].payment.hash}/cancel` });
    expect(await redemptionsLeft(shop, card.id)).toBe(8);
  });

  it('gives them back on failure and on expiry, and keeps them when paid', async () => {
    const failed = (await post(order(card.token, 1))).json();
    await shop.app.inject({ method: 'POST', url: `/api/test-gateway/${failed.response.orders[0].payment.hash}/fail` });
    expect(await redemptionsLeft(shop, card.id)).toBe(8);

    const lapsed = (await post(order(card.token, 3))).json();
    expect(await redemptionsLeft(shop, card.id)).toBe(5);
    shop.clock.set(new Date(new Date(NOW).getTime() + 60 * 60_000).toISOString());
    await shop.app.inject({ url: `/api/orders/${lapsed.response.orders[0].order.hash}` });
    expect(await redemptionsLeft(shop, card.id)).toBe(8);
    shop.clock.set(NOW);

    const paid = (await post(order(card.token, 1))).json();
    await shop.app.inject({ method: 'POST', url: `/api/test-gateway/${paid.response.orders[0].payment.hash}/pay` });
    expect(await redemptionsLeft(shop, card.id)).toBe(7);
    const [redemption] = await shop.db
      .select()
      .from(subscriptionRedemptions)
      .where(
        eq(subscriptionRedemptions.orderId, (await shop.db.select().from(orders).where(eq(orders.hash, paid.response.orders[0].order.hash)))[0]?.id as number),
      );
    expect(redemption).toMatchObject({ quantity: 1, releasedAt: null });
  });

  it('lets an unlimited card pay for one ticket only, and counts nothing', async () => {
    await shop.db.update(clientSubscriptions).set({ availableRedemptions: -1 }).where(eq(clientSubscriptions.id, card.id));
    refused(await post(order(card.token, 2)), 'SUBSCRIPTION_NOT_REDEEMABLE');
    const answer = (await post(order(card.token, 1))).json();
    expect(answer.ok).toBe(true);
    expect(await redemptionsLeft(shop, card.id)).toBe(-1);
    await shop.app.inject({ method: 'POST', url: `/api/test-gateway/${answer.response.orders[0].payment.hash}/cancel` });
    expect(await redemptionsLeft(shop, card.id)).toBe(-1);
  });
});
