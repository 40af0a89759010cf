/**
 * Money that arrives after its checkout was given up (spec: "a payment that arrives after the hold
 * expired re-takes the places if they are still free; otherwise the order is flagged, refunded
 * through the gateway, and the shopper and organisation are told"), and the refund worker.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderResponse } from '#domain/contracts/orders.ts';
import { coupons, giftCards, holds, organisations, outbox, paymentEvents, paymentRefunds, payments, plots, products } from '../../../server/db/schema/index.ts';
import { sweepLapsedPayments } from '../../../server/modules/checkout/expiry-sweep.ts';
import { startRefundWorker } from '../../../server/modules/checkout/refund-worker.ts';
import { paymentGatewayFor } from '../../../server/payments/gateway-registry.ts';
import { resetTourSlot, slotsMiscountingHolds, tourPlot } from '../helpers/tour-slot.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';
import { tourCustomer as customer } from '../helpers/customers.ts';

const NOW = '2030-06-03T07:00:00Z';
const LATER = new Date(Date.parse(NOW) + 16 * 60_000); // the demo shop holds for 15 minutes
const DAY = '2030-06-11';
const silent = { info() {}, error() {}, warn() {} };
/** Signed in (coupons need a client), the order carries the demo client's details. */
const SHOPPER = 'demo@tidewater.example';

let shop: TestShop;
let tour: number;
let guidebook: number;
let plot: number;
let capacity: number;
let cookie: string;

async function buy(orders: unknown[], extra: Record<string, unknown> = {}) {
  const response = await shop.app.inject({ method: 'POST', url: '/api/orders', payload: { customer, orders, language: 'nl', ...extra }, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  const [line] = (response.json() as OrderResponse).response.orders;
  if (!line?.payment || !line.order) throw new Error('no payment');
  return { orderHash: line.order.hash, paymentHash: line.payment.hash };
}
const buyTour = (quantity: number, extra: Record<string, unknown> = {}) => buy([{ product: { id: tour, plot, quantity } }], extra);

const settlement = () => shop.app.services.settlement;
const refundWorker = (config = shop.config) =>
  startRefundWorker({
    db: shop.db,
    gatewayId: config.paymentGateway,
    gateway: () => paymentGatewayFor(config),
    logger: silent,
    clock: shop.clock,
    poll: false,
  });
const orderStatus = async (hash: string) => (await shop.app.inject({ method: 'GET', url: `/api/orders/${hash}` })).json();
const couponUses = async () => (await shop.db.select().from(coupons).where(eq(coupons.code, 'SUMMER10')))[0]?.usedCount ?? -1;
const credit = async () => (await shop.db.select().from(giftCards).where(eq(giftCards.code, 'GIFT-LATE')))[0]?.creditCents ?? -1;
const paymentRow = async (hash: string) => (await shop.db.select().from(payments).where(eq(payments.hash, hash)))[0];
async function plotState() {
  const [row] = await shop.db.select({ sold: plots.sold, orderCount: plots.orderCount }).from(plots).where(eq(plots.id, plot));
  const [held] = await shop.db
    .select({ n: sql<number>`coalesce(sum(${holds.quantity}),0)::int` })
    .from(holds)
    .where(eq(holds.plotId, plot));
  return { sold: row?.sold, orderCount: row?.orderCount, held: Number(held?.n) };
}
const mailsTo = (recipient: string, kind: string) =>
  shop.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, recipient), eq(outbox.kind, kind)));

beforeAll(async () => {
  shop = await createTestShop({ now: NOW });
  const rows = await shop.db.select({ id: products.id, slug: products.slug }).from(products);
  tour = rows.find((row) => row.slug === 'behind-the-scenes')?.id as number;
  guidebook = rows.find((row) => row.slug === 'zoo-guidebook')?.id as number;
  plot = await tourPlot(shop.db, tour, DAY);
  capacity = (await shop.db.select({ capacity: plots.capacity }).from(plots).where(eq(plots.id, plot)))[0]?.capacity as number;
  await shop.db.insert(giftCards).values({ code: 'GIFT-LATE', creditCents: 1000, expiresOn: null });
  await shop.db.update(organisations).set({ notificationEmail: 'office@tidewater.example' });
  const login = await shop.app.inject({ method: 'POST', url: '/api/client/login', payload: { email: 'demo@tidewater.example', password: 'tidewater-demo' } });
  cookie = String([login.headers['set-cookie']].flat()[0]).split(';')[0] ?? '';
});

afterAll(async () => shop?.close());

// Whatever the test did, every slot's held places are its counted holds (the places-taken reads rely on it).
afterEach(async () => {
  expect(await slotsMiscountingHolds(shop.db)).toEqual([]);
});

beforeEach(async () => {
  await resetTourSlot(shop, plot, NOW);
  await shop.db.update(giftCards).set({ creditCents: 1000 }).where(eq(giftCards.code, 'GIFT-LATE'));
  await shop.db.delete(outbox);
  await shop.db.delete(paymentRefunds);
});

describe('a payment arriving after its checkout was given up', () => {
  it('takes back places, coupon use and gift-card credit when all are still there', async () => {
    const usesBefore = await couponUses();
    const { orderHash, paymentHash } = await buyTour(2, { coupon: ['SUMMER10', 'GIFT-LATE'] });
    shop.clock.set(LATER);
    expect(await orderStatus(orderHash)).toMatchObject({ status: 'EXPIRED' });
    expect(await couponUses()).toBe(usesBefore);
    expect(await credit()).toBe(1000);

    const result = await settlement().settle(paymentHash, 'paid', { key: 'provider:late-1' });
    expect(result).toMatchObject({ changed: true, status: 'paid' });
    expect(await orderStatus(orderHash)).toMatchObject({ status: 'PAID', payment: { status: 'paid' } });
    expect(await plotState()).toMatchObject({ sold: 2, orderCount: 1, held: 0 });
    expect(await couponUses()).toBe(usesBefore + 1);
    expect(await credit()).toBe(0);
    expect(await mailsTo(SHOPPER, 'order-confirmation')).toHaveLength(1);

    // The same notification again, or another outcome afterwards, changes nothing.
    expect(await settlement().settle(paymentHash, 'paid', { key: 'provider:late-1' })).toMatchObject({ changed: false, status: 'paid' });
    expect(await settlement().settle(paymentHash, 'failed', { key: 'provider:late-2' })).toMatchObject({ changed: false, status: 'paid' });
    const payment = await paymentRow(paymentHash);
    const events = await shop.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, payment?.id ?? 0));
    expect(events.map((event) => [event.fromStatus, event.toStatus])).toEqual([
      ['pending', 'expired'],
      ['expired', 'paid'],
    ]);
  });

  it('is refunded, taking nothing, when the gift card was spent meanwhile; shopper and organisation are told', async () => {
    const usesBefore = await couponUses();
    const { orderHash, paymentHash } = await buyTour(2, { coupon: ['SUMMER10', 'GIFT-LATE'] });
    shop.clock.set(LATER);
    expect(await orderStatus(orderHash)).toMatchObject({ status: 'EXPIRED' });
    await shop.db.update(giftCards).set({ creditCents: 100 }).where(eq(giftCards.code, 'GIFT-LATE'));

    expect(await settlement().settle(paymentHash, 'paid', { key: 'provider:late' })).toMatchObject({ changed: true, status: 'refunded' });
    expect(await orderStatus(orderHash)).toMatchObject({ status: 'REFUNDED', payment: { status: 'refunded' } });
    // The savepoint undid the places and the coupon use it had taken before the card refused.
    expect(await plotState()).toMatchObject({ sold: 0, orderCount: 0, held: 0 });
    expect(await couponUses()).toBe(usesBefore);
    expect(await credit()).toBe(100);

    const payment = await paymentRow(paymentHash);
    const refunds = await shop.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, payment?.id ?? 0));
    expect(refunds).toMatchObject([{ status: 'due', amountCents: payment?.amountCents }]);
    const [shopper] = await mailsTo(SHOPPER, 'late-payment-refund');
    expect(shopper?.subject).toContain('Je betaling wordt terugbetaald');
    expect(shopper?.text).toContain(orderHash);
    const [office] = await mailsTo('office@tidewater.example', 'late-payment-refund-staff');
    expect(office?.text).toContain(SHOPPER);
  });

  it('is refunded when its lapsed holds were taken by someone else before it arrived', async () => {
    const slow = await buyTour(capacity);
    shop.clock.set(LATER);
    const quick = await buyTour(1);
    await shop.app.inject({ method: 'POST', url: `/api/test-gateway/${quick.paymentHash}/pay` });

    expect(await settlement().settle(slow.paymentHash, 'paid', { key: 'provider:slow' })).toMatchObject({ status: 'refunded' });
    expect(await plotState()).toMatchObject({ sold: 1, orderCount: 1, held: 0 });
    expect(await orderStatus(slow.orderHash)).toMatchObject({ status: 'REFUNDED' });
    expect(await mailsTo(SHOPPER, 'late-payment-refund')).toHaveLength(1);
  });

  it('is refunded when the slot reached its order limit meanwhile', async () => {
    const late = await buyTour(1);
    shop.clock.set(LATER);
    expect(await orderStatus(late.orderHash)).toMatchObject({ status: 'EXPIRED' });
    await shop.db.update(plots).set({ maxOrders: 1, orderCount: 1 }).where(eq(plots.id, plot));
    try {
      expect(await settlement().settle(late.paymentHash, 'paid', { key: 'provider:limit' })).toMatchObject({ status: 'refunded' });
    } finally {
      await shop.db.update(plots).set({ maxOrders: null }).where(eq(plots.id, plot));
    }
  });
});

describe('the refund worker', () => {
  it('refunds each due refund once through the gateway and records it; a process of another gateway leaves it due', async () => {
    const slow = await buyTour(capacity);
    shop.clock.set(LATER);
    const quick = await buyTour(1);
    await shop.app.inject({ method: 'POST', url: `/api/test-gateway/${quick.paymentHash}/pay` });
    await settlement().settle(slow.paymentHash, 'paid', { key: 'provider:slow' });
    const payment = await paymentRow(slow.paymentHash);
    const refundOf = async () =>
      (
        await shop.db
          .select()
          .from(paymentRefunds)
          .where(eq(paymentRefunds.paymentId, payment?.id ?? 0))
      )[0];

    const elsewhere = refundWorker({ ...shop.config, paymentGateway: 'stripe' });
    expect(await elsewhere.runOnce()).toBe(0);
    expect(await refundOf()).toMatchObject({ status: 'due', attempts: 1 });
    expect((await refundOf())?.lastError).toMatch(/not the configured one/);
    expect((await refundOf())?.lockedUntil?.getTime()).toBeGreaterThan(LATER.getTime());

    shop.clock.set(new Date(LATER.getTime() + 60 * 60_000));
    const worker = refundWorker();
    const [first, second] = await Promise.all([worker.runOnce(), refundWorker().runOnce()]);
    expect(first + second).toBe(1);
    expect(await refundOf()).toMatchObject({ status: 'done', providerReference: `test-refund-${slow.paymentHash}`, lastError: null });
    expect(await worker.runOnce()).toBe(0);
  });
});

describe('a checkout without places', () => {
  it('expires when its time to pay is over, giving back its gift-card credit, and the sweep finds it too', async () => {
    const looked = await buy([{ product: { id: guidebook, quantity: 1 } }], { coupon: ['GIFT-LATE'] });
    const unseen = await buy([{ product: { id: guidebook, quantity: 1 } }]);
    expect(await credit()).toBeLessThan(1000);
    shop.clock.set(new Date(Date.parse(NOW) + 14 * 60_000));
    expect(await orderStatus(looked.orderHash)).toMatchObject({ status: 'PENDING' });
    expect(await sweepLapsedPayments({ db: shop.db, clock: shop.clock, settlement: shop.app.services.settlement })).toBe(0);

    shop.clock.set(LATER);
    expect(await orderStatus(looked.orderHash)).toMatchObject({ status: 'EXPIRED', payment: { status: 'expired' } });
    expect(await credit()).toBe(1000);
    expect(await sweepLapsedPayments({ db: shop.db, clock: shop.clock, settlement: shop.app.services.settlement })).toBe(1);
    expect(await orderStatus(unseen.orderHash)).toMatchObject({ status: 'EXPIRED' });
  });
});
