/**
 * A checkout whose holds lapse unpaid expires lazily: the first look at it (order status, the test
 * gateway page) turns it EXPIRED and gives back its plot order count, coupon use and gift-card
 * credit — once, however often it is looked at.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderResponse } from '#domain/contracts/orders.ts';
import { coupons, giftCards, holds, paymentEvents, payments, plots, products } from '../../../server/db/schema/index.ts';
import { sweepLapsedPayments } from '../../../server/modules/checkout/expiry-sweep.ts';
import { resetTourSlot, slotsMiscountingHolds, tourPlot } from '../helpers/tour-slot.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';
import { tourCustomer as customer } from '../helpers/customers.ts';

const NOW = '2030-06-03T07:00:00Z';
const LATER = new Date(Date.parse(NOW) + 16 * 60_000); // the demo shop holds for 15 minutes
const DAY = '2030-06-11';

let shop: TestShop;
let bts: number;
let plot: number;
let cookie: string;

async function buy(quantity: number, extra: Record<string, unknown> = {}) {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: { customer, orders: [{ product: { id: bts, plot, quantity } }], ...extra },
    headers: { cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  const [line] = (response.json() as OrderResponse).response.orders;
  if (!line?.payment || !line.order) throw new Error('no payment');
  return { orderHash: line.order.hash, paymentHash: line.payment.hash };
}

const orderStatus = async (hash: string) => (await shop.app.inject({ method: 'GET', url: `/api/orders/${hash}` })).json();
const couponUses = async () => (await shop.db.select().from(coupons).where(eq(coupons.code, 'SUMMER10')))[0]?.usedCount ?? -1;
const credit = async () => (await shop.db.select().from(giftCards).where(eq(giftCards.code, 'GIFT-EXPIRY')))[0]?.creditCents ?? -1;

async function plotState() {
  const [row] = await shop.db.select({ sold: plots.sold, orderCount: plots.orderCount }).from(plots).where(eq(plots.id, plot));
  const [held] = await shop.db
    .select({ n: sql<number>`coalesce(sum(${holds.quantity}),0)::int` })
    .from(holds)
    .where(eq(holds.plotId, plot));
  return { sold: row?.sold, orderCount: row?.orderCount, held: Number(held?.n) };
}

beforeAll(async () => {
  shop = await createTestShop({ now: NOW });
  const [product] = await shop.db.select({ id: products.id }).from(products).where(eq(products.slug, 'behind-the-scenes'));
  bts = product?.id as number;
  plot = await tourPlot(shop.db, bts, DAY);
  const login = await shop.app.inject({ method: 'POST', url: '/api/client/login', payload: { email: 'demo@tidewater.example', password: 'tidewater-demo' } });
  await shop.db.insert(giftCards).values({ code: 'GIFT-EXPIRY', creditCents: 1000, expiresOn: null });
  cookie = String([login.headers['set-cookie']].flat()[0]).split(';')[0] ?? '';
});

afterAll(async () => shop?.close());

// Whatever the test did, every slot's held places are its counted holds (the places-taken reads rely on it).
afterEach(async () => {
  expect(await slotsMiscountingHolds(shop.db)).toEqual([]);
});

beforeEach(async () => {
  await resetTourSlot(shop, plot, NOW);
  await shop.db.update(giftCards).set({ creditCents: 1000 }).where(eq(giftCards.code, 'GIFT-EXPIRY'));
});

describe('hold expiry', () => {
  it('GET /api/orders/{hash} after the hold lapsed answers EXPIRED and gives back order count, coupon use and credit, once', async () => {
    const usesBefore = await couponUses();
    const { orderHash, paymentHash } = await buy(2, { coupon: ['SUMMER10', 'GIFT-EXPIRY'] });
    expect(await couponUses()).toBe(usesBefore + 1);
    expect(await credit()).toBe(0);
    expect(await plotState()).toMatchObject({ orderCount: 1, held: 2 });

    // Still inside the hold: nothing changes.
    shop.clock.set(new Date(Date.parse(NOW) + 14 * 60_000));
    expect(await orderStatus(orderHash)).toMatchObject({ status: 'PENDING', payment: { status: 'pending' } });

    shop.clock.set(LATER);
    expect(await orderStatus(orderHash)).toMatchObject({ status: 'EXPIRED', payment: { status: 'expired' } });
    expect(await plotState()).toMatchObject({ sold: 0, orderCount: 0, held: 0 });
    expect(await couponUses()).toBe(usesBefore);
    expect(await credit()).toBe(1000);

    // Twice: still given back once.
    expect(await orderStatus(orderHash)).toMatchObject({ status: 'EXPIRED' });
    expect(await couponUses()).toBe(usesBefore);
    expect(await credit()).toBe(1000);
    const [payment] = await shop.db.select().from(payments).where(eq(payments.hash, paymentHash));
    const events = await shop.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, payment?.id ?? 0));
    expect(events.map((event) => [event.fromStatus, event.toStatus])).toEqual([['pending', 'expired']]);
  });

  it('concurrent looks expire it once', async () => {
    const usesBefore = await couponUses();
    const { orderHash } = await buy(1, { coupon: ['SUMMER10'] });
    await shop.db.update(plots).set({ orderCount: 5 }).where(eq(plots.id, plot));
    shop.clock.set(LATER);
    const answers = await Promise.all([1, 2, 3, 4].map(() => orderStatus(orderHash)));
    for (const answer of answers) expect(answer.status).toBe('EXPIRED');
    expect(await plotState()).toMatchObject({ orderCount: 4 });
    expect(await couponUses()).toBe(usesBefore);
  });

  it('the test gateway page expires a lapsed checkout and offers no buttons', async () => {
    const { orderHash, paymentHash } = await buy(2);
    shop.clock.set(LATER);
    const page = await shop.app.inject({ method: 'GET', url: `/api/test-gateway/${paymentHash}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('already expired');
    expect(page.body).not.toContain(`/api/test-gateway/${paymentHash}/pay`);
    expect(await plotState()).toMatchObject({ orderCount: 0, held: 0 });
    // Money that still arrives after the expiry takes the places again while they are free.
    const pay = await shop.app.inject({ method: 'POST', url: `/api/test-gateway/${paymentHash}/pay` });
    expect(pay.statusCode).toBe(303);
    expect(await orderStatus(orderHash)).toMatchObject({ status: 'PAID' });
    expect(await plotState()).toMatchObject({ sold: 2, orderCount: 1, held: 0 });
  });

  it('fail on a lapsed checkout expires it; a late pay still retakes free places', async () => {
    const failed = await buy(2);
    shop.clock.set(LATER);
    await shop.app.inject({ method: 'POST', url: `/api/test-gateway/${failed.paymentHash}/fail` });
    expect(await orderStatus(failed.orderHash)).toMatchObject({ status: 'EXPIRED' });

    shop.clock.set(NOW);
    const late = await buy(3);
    shop.clock.set(LATER);
    await shop.app.inject({ method: 'POST', url: `/api/test-gateway/${late.paymentHash}/pay` });
    expect(await orderStatus(late.orderHash)).toMatchObject({ status: 'PAID' });
    expect(await plotState()).toMatchObject({ sold: 3, orderCount: 1, held: 0 });
  });

  it('the sweep expires lapsed checkouts nobody looked at, and leaves live ones alone', async () => {
    const usesBefore = await couponUses();
    const lapsed = await buy(1, { coupon: ['SUMMER10'] });
    shop.clock.set(new Date(Date.parse(NOW) + 10 * 60_000));
    const live = await buy(1);
    shop.clock.set(LATER);
    const sweep = () => sweepLapsedPayments({ db: shop.db, clock: shop.clock, settlement: shop.app.services.settlement });
    expect(await sweep()).toBe(1);
    expect(await sweep()).toBe(0);
    const [row] = await shop.db.select().from(payments).where(eq(payments.hash, lapsed.paymentHash));
    expect(row?.status).toBe('expired');
    expect(await couponUses()).toBe(usesBefore);
    expect(await plotState()).toMatchObject({ orderCount: 1, held: 1 });
    const [other] = await shop.db.select().from(payments).where(eq(payments.hash, live.paymentHash));
    expect(other?.status).toBe('pending');
  });
});
