/**
 * The built-in test payment gateway: its page, Pay / Fail / Cancel settling a checkout once,
 * the redirect to the return page, expired-hold recovery, and that it exists only when configured.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderResponse } from '#domain/contracts/orders.ts';
import { coupons, giftCards, holds, orders, paymentEvents, payments, plots, products } from '../../../server/db/schema/index.ts';
import { resetTourSlot, slotsMiscountingHolds, tourPlot } from '../helpers/tour-slot.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';
import { customer, tourCustomer as btsCustomer } from '../helpers/customers.ts';

const NOW = '2030-06-03T07:00:00Z';
const DAY = '2030-06-11';

let shop: TestShop;
let bts: number;
let plot: number;

async function buy(quantity: number, extra: Record<string, unknown> = {}, cookie?: string) {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: { customer: btsCustomer, orders: [{ product: { id: bts, plot, quantity } }], ...extra },
    headers: cookie ? { cookie } : {},
  });
  expect(response.statusCode, response.body).toBe(200);
  const [line] = (response.json() as OrderResponse).response.orders;
  if (!line?.payment || !line.order) throw new Error('no payment');
  return { orderHash: line.order.hash, paymentHash: line.payment.hash, url: (line.payment.transaction as { response: { url: string } }).response.url };
}

const act = (paymentHash: string, action: string) =>
  shop.app.inject({
    method: 'POST',
    url: `/api/test-gateway/${paymentHash}/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });

async function state() {
  const [row] = await shop.db.select({ sold: plots.sold, orderCount: plots.orderCount }).from(plots).where(eq(plots.id, plot));
  const [held] = await shop.db
    .select({ n: sql<number>`coalesce(sum(${holds.quantity}),0)::int` })
    .from(holds)
    .where(eq(holds.plotId, plot));
  return { sold: row?.sold, orderCount: row?.orderCount, held: Number(held?.n) };
}

const orderStatus = async (hash: string) => (await shop.app.inject({ method: 'GET', url: `/api/orders/${hash}` })).json();

beforeAll(async () => {
  shop = await createTestShop({ now: NOW });
  const [product] = await shop.db.select({ id: products.id }).from(products).where(eq(products.slug, 'behind-the-scenes'));
  bts = product?.id as number;
  plot = await tourPlot(shop.db, bts, DAY);
});

afterAll(async () => shop?.close());

// Whatever the test did, every slot's held places are its counted holds (the places-taken reads rely on it).
afterEach(async () => {
  expect(await slotsMiscountingHolds(shop.db)).toEqual([]);
});

beforeEach(async () => {
  await resetTourSlot(shop, plot, NOW);
});

describe('the test gateway', () => {
  it('shows an accessible page with the amount and three buttons posting to pay, fail and cancel', async () => {
    const { url, paymentHash } = await buy(2);
    const page = await shop.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('€71.00'); // 2 × 35.00 + booking fee 1.00
    for (const action of ['pay', 'fail', 'cancel']) expect(page.body).toContain(`action="/api/test-gateway/${paymentHash}/${action}"`);
    expect((await shop.app.inject({ method: 'GET', url: '/api/test-gateway/unknown' })).statusCode).toBe(404);
  });

  it('pay: payment paid, orders PAID, holds become sold, one event; a second POST changes nothing', async () => {
    const { orderHash, paymentHash } = await buy(3);
    expect(await state()).toMatchObject({ sold: 0, held: 3, orderCount: 1 });
    const paid = await act(paymentHash, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/checkout/return/${orderHash}`);
    expect(await state()).toMatchObject({ sold: 3, held: 0, orderCount: 1 });
    expect(await orderStatus(orderHash)).toMatchObject({ status: 'PAID', payment: { status: 'paid', gateway: 'test' }, total: 106 });

    const again = await act(paymentHash, 'pay');
    expect(again.statusCode).toBe(303);
    const cancelAfter = await act(paymentHash, 'cancel');
    expect(cancelAfter.statusCode).toBe(303);
    expect(await state()).toMatchObject({ sold: 3, held: 0 });
    const [payment] = await shop.db.select().from(payments).where(eq(payments.hash, paymentHash));
    expect(payment?.status).toBe('paid');
    expect(
      await shop.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.paymentId, payment?.id ?? 0)),
    ).toHaveLength(1);
  });

  it("settles only its own payments: pay on another gateway's payment is 404 and changes nothing", async () => {
    const { paymentHash } = await buy(2);
    await shop.db.update(payments).set({ gateway: 'stripe' }).where(eq(payments.hash, paymentHash));
    for (const action of ['pay', 'fail', 'cancel']) expect((await act(paymentHash, action)).statusCode).toBe(404);
    const [payment] = await shop.db.select().from(payments).where(eq(payments.hash, paymentHash));
    expect(payment?.status).toBe('pending');
    expect(await state()).toMatchObject({ sold: 0, held: 2 });
    expect((await act('0'.repeat(32), 'pay')).statusCode).toBe(404);
  });

  it('fail and cancel free the places at once and give back coupon uses and gift-card credit', async () => {
    await shop.db.insert(giftCards).values({ code: 'GIFT-BACK', creditCents: 1000, expiresOn: null });
    const login = await shop.app.inject({ method: 'POST', url: '/api/client/login', payload: { email: 'demo@tidewater.example', password: 'tidewater-demo' } });
    const cookie = String([login.headers['set-cookie']].flat()[0]).split(';')[0];
    const usedBefore = (await shop.db.select().from(coupons).where(eq(coupons.code, 'SUMMER10')))[0]?.usedCount ?? 0;

    const failed = await buy(4, { coupon: ['SUMMER10', 'GIFT-BACK'] }, cookie);
    expect((await shop.db.select().from(giftCards).where(eq(giftCards.code, 'GIFT-BACK')))[0]?.creditCents).toBe(0);
    expect((await shop.db.select().from(coupons).where(eq(coupons.code, 'SUMMER10')))[0]?.usedCount).toBe(usedBefore + 1);
    expect((await act(failed.paymentHash, 'fail')).headers.location).toBe(`/checkout/return/${failed.orderHash}`);
    expect(await state()).toMatchObject({ sold: 0, held: 0, orderCount: 0 });
    expect(await orderStatus(failed.orderHash)).toMatchObject({ status: 'FAILED', payment: { status: 'failed' } });
    expect((await shop.db.select().from(giftCards).where(eq(giftCards.code, 'GIFT-BACK')))[0]?.creditCents).toBe(1000);
    expect((await shop.db.select().from(coupons).where(eq(coupons.code, 'SUMMER10')))[0]?.usedCount).toBe(usedBefore);

    const cancelled = await buy(8);
    await act(cancelled.paymentHash, 'cancel');
    expect(await orderStatus(cancelled.orderHash)).toMatchObject({ status: 'CANCELLED', payment: { status: 'cancelled' } });
    // All 8 places are free again for the next visitor.
    await buy(8);
  });

  it('refuses to pay a checkout given up (cancelled, failed, a cancelled reservation): 409 ORDER_NOT_PAYABLE, nothing taken (issue 37)', async () => {
    for (const action of ['cancel', 'fail']) {
      const given = await buy(2);
      expect((await act(given.paymentHash, action)).statusCode).toBe(303);
      const paid = await act(given.paymentHash, 'pay');
      expect(paid.statusCode, action).toBe(409);
      expect(paid.json()).toMatchObject({ ok: false, error: 'ORDER_NOT_PAYABLE' });
      expect(await orderStatus(given.orderHash)).toMatchObject({ status: action === 'cancel' ? 'CANCELLED' : 'FAILED' });
      expect(await state()).toMatchObject({ sold: 0, held: 0 });
    }
    // A reservation the shopper cancelled: its checkout's payment is not paid by the test gateway either.
    const reserved = await shop.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { customer: btsCustomer, action: 'reserve', orders: [{ product: { id: bts, plot, quantity: 2 } }] },
    });
    const hash = (reserved.json() as OrderResponse).response.orders[0]?.order?.hash as string;
    const [payment] = await shop.db
      .select({ hash: payments.hash })
      .from(payments)
      .innerJoin(orders, eq(orders.paymentId, payments.id))
      .where(eq(orders.hash, hash));
    expect((await shop.app.inject({ method: 'POST', url: `/api/reservation/${hash}/cancel` })).statusCode).toBe(200);
    expect((await act(payment?.hash as string, 'pay')).json()).toMatchObject({ ok: false, error: 'ORDER_NOT_PAYABLE' });
    expect(await orderStatus(hash)).toMatchObject({ status: 'CANCELLED' });
    expect(await state()).toMatchObject({ sold: 0, held: 0 });
  });

  it('an expired hold is taken again on pay when the places are still free, else the payment is refunded', async () => {
    const late = await buy(5);
    shop.clock.set(new Date(Date.parse(NOW) + 16 * 60_000));
    await act(late.paymentHash, 'pay');
    expect(await orderStatus(late.orderHash)).toMatchObject({ status: 'PAID' });
    expect(await state()).toMatchObject({ sold: 5, held: 0 });

    shop.clock.set(NOW);
    const slow = await buy(3);
    shop.clock.set(new Date(Date.parse(NOW) + 16 * 60_000));
    // Someone else takes the 3 places the expired hold no longer keeps.
    const quick = await buy(3);
    await act(quick.paymentHash, 'pay');
    await act(slow.paymentHash, 'pay');
    expect(await orderStatus(slow.orderHash)).toMatchObject({ status: 'REFUNDED', payment: { status: 'refunded' } });
    expect(await state()).toMatchObject({ sold: 8, held: 0 });
    const [order] = await shop.db.select().from(orders).where(eq(orders.hash, slow.orderHash));
    expect(order?.status).toBe('REFUNDED');
  });

  it('is not served when another gateway is configured (orders needing payment are refused untouched)', async () => {
    const { paymentHash } = await buy(1);
    const stripe = await createTestShop({ now: NOW, config: { paymentGateway: 'stripe' } });
    try {
      expect((await stripe.app.inject({ method: 'GET', url: `/api/test-gateway/${paymentHash}` })).statusCode).toBe(404);
      expect((await stripe.app.inject({ method: 'POST', url: `/api/test-gateway/${paymentHash}/pay` })).statusCode).toBe(404);
      const refused = await stripe.app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: {
          customer,
          orders: [
            { product: { id: (await stripe.db.select({ id: products.id }).from(products).where(eq(products.slug, 'zoo-guidebook')))[0]?.id, quantity: 1 } },
          ],
        },
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.json().error).toBe('PAYMENT_FAILED');
      expect(await stripe.db.select().from(orders)).toHaveLength(0);
    } finally {
      await stripe.close();
    }
  });
});
