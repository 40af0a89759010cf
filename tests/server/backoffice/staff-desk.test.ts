/**
 * The orders desk's verbs of the one order change (server/modules/checkout/order-change.ts) on a real paid
 * order: a partial refund through the test gateway (queued once per key, carried out by the refund
 * worker, its ticket no longer checking in and its place back), refusals (more than paid, a cancel
 * of a cancelled order, a move into a full slot) that change nothing, a move (places move), a
 * resend, a customer change checked by the checkout's rules, and the audit row of each.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderResponse } from '#domain/contracts/orders.ts';
import { orders, outbox, paymentRefunds, payments, plots, products, tickets } from '../../../server/db/schema/index.ts';
import { createOrderChanges, type StaffAuditEntry } from '../../../server/modules/checkout/index.ts';
import type { Customer } from '#domain/customer.ts';
import { startRefundWorker } from '../../../server/modules/checkout/refund-worker.ts';
import { createCheckoutCatalogueReader } from '../../../server/modules/catalogue/index.ts';
import { createDiscountLedger, couponDiscountOfOrder, findCouponsByCodes } from '../../../server/modules/coupons/index.ts';
import { createRedemptionLedger } from '../../../server/modules/subscriptions/index.ts';
import { createGiftCardLedger, createVoucherStock } from '../../../server/modules/vouchers/index.ts';
import { refundTickets, validTicketPositions } from '../../../server/modules/tickets/index.ts';
import { createCapacityGuard } from '../../../server/modules/checkout/index.ts';
import { paymentGatewayFor } from '../../../server/payments/gateway-registry.ts';
import { resetTourSlot, slotsMiscountingHolds, tourPlot } from '../helpers/tour-slot.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';
import { tourCustomer } from '../helpers/customers.ts';

const NOW = '2030-06-03T07:00:00Z';
const DAY = '2030-06-11';
const OTHER_DAY = '2030-06-12';
const silent = { info() {}, error() {}, warn() {} };

let shop: TestShop;
let tour: number;
let plot: number;
let otherPlot: number;
const audits: StaffAuditEntry[] = [];

function desk() {
  const changes = createOrderChanges({
    db: shop.db,
    clock: shop.clock,
    capacity: createCapacityGuard({ enforce: true, raceDelayMs: 0 }),
    takings: [createDiscountLedger(), createGiftCardLedger(), createVoucherStock(), createRedemptionLedger({ clock: shop.clock })],
    mail: shop.app.services.orderMail,
    catalogue: createCheckoutCatalogueReader(),
    coupons: { byCodes: findCouponsByCodes, discountOfOrder: couponDiscountOfOrder },
    tickets: { refund: refundTickets, valid: validTicketPositions },
    reservationHours: 24,
    // The staff module's recordAudit writes the row in this transaction; here the entry is kept to look at.
    audit: async (_tx, entry) => {
      audits.push(entry);
    },
  });
  const staff = (staffId: number) => ({ kind: 'staff' as const, staffId });
  // The desk's calls: a staff member, an order (here by its hash), the verb's arguments.
  return {
    refund: ({
      staffId,
      orderHash,
      ...refund
    }: {
      staffId: number;
      orderHash: string;
      amountCents: number;
      tickets: number[];
      cancel: boolean;
      key: string;
      reason: string;
    }) => changes.refund(staff(staffId), { orderHash }, refund),
    previewMove: (orderHash: string, plotId: number) => changes.previewMove({ orderHash }, plotId),
    move: (staffId: number, orderHash: string, plotId: number) => changes.move(staff(staffId), { orderHash }, plotId),
    resendConfirmation: (staffId: number, orderHash: string) => changes.resendConfirmation(staff(staffId), { orderHash }),
    changeCustomer: (staffId: number, orderHash: string, customer: Customer) => changes.changeCustomer(staff(staffId), { orderHash }, customer),
    markInvoicePaid: (staffId: number, orderHash: string) => changes.markInvoicePaid(staff(staffId), { orderHash }),
  };
}

async function paidOrder(quantity: number) {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: { customer: tourCustomer, orders: [{ product: { id: tour, plot, quantity } }] },
  });
  expect(response.statusCode, response.body).toBe(200);
  const [line] = (response.json() as OrderResponse).response.orders;
  if (!line?.payment || !line.order) throw new Error('no payment');
  const paid = await shop.app.inject({
    method: 'POST',
    url: `/api/test-gateway/${line.payment.hash}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  expect(paid.statusCode).toBeLessThan(400);
  return { orderHash: line.order.hash, paymentHash: line.payment.hash };
}

const orderRow = async (hash: string) => (await shop.db.select().from(orders).where(eq(orders.hash, hash)))[0];
const sold = async (id: number) => (await shop.db.select({ sold: plots.sold, orderCount: plots.orderCount }).from(plots).where(eq(plots.id, id)))[0];
const refundsOf = async (orderId: number) => shop.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, orderId));
const worker = () =>
  startRefundWorker({
    db: shop.db,
    gatewayId: shop.config.paymentGateway,
    gateway: () => paymentGatewayFor(shop.config),
    logger: silent,
    clock: shop.clock,
    poll: false,
  });

beforeAll(async () => {
  shop = await createTestShop({ now: NOW });
  const [row] = await shop.db.select({ id: products.id }).from(products).where(eq(products.slug, 'behind-the-scenes'));
  tour = row?.id as number;
  plot = await tourPlot(shop.db, tour, DAY);
  otherPlot = await tourPlot(shop.db, tour, OTHER_DAY);
});
afterAll(async () => {
  await shop?.close();
});
// Whatever the test did, every slot's held places are its counted holds (the places-taken reads rely on it).
afterEach(async () => {
  expect(await slotsMiscountingHolds(shop.db)).toEqual([]);
});

beforeEach(async () => {
  await resetTourSlot(shop, plot, NOW);
  await shop.db.update(plots).set({ sold: 0, orderCount: 0, capacity: 20 }).where(eq(plots.id, otherPlot));
  audits.length = 0;
});

describe('refunds', () => {
  it('refunds one ticket through the test gateway once, however often it is asked; that ticket no longer counts', async () => {
    const { orderHash } = await paidOrder(2);
    const order = await orderRow(orderHash);
    if (!order) throw new Error('no order');
    expect(await sold(plot)).toEqual({ sold: 2, orderCount: 1 });
    const ask = { staffId: 3, orderHash, amountCents: 1000, tickets: [1], cancel: false, key: 'click-0001', reason: 'ill' };
    const first = await desk().refund(ask);
    expect(first).toMatchObject({ done: true, refundCents: 1000, tickets: [1], status: 'PAID' });
    // A double click: nothing more.
    expect(await desk().refund(ask)).toMatchObject({ done: false, refundCents: 1000 });
    const queued = await refundsOf(order.id);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ amountCents: 1000, status: 'due', staffId: 3, idempotencyKey: 'staff-click-0001' });
    expect(await worker().runOnce()).toBe(1);
    expect((await refundsOf(order.id))[0]).toMatchObject({ status: 'done', providerReference: 'test-staff-click-0001' });
    // Its place is back, the order keeps the other ticket.
    expect(await sold(plot)).toEqual({ sold: 1, orderCount: 1 });
    expect((await orderRow(orderHash))?.quantity).toBe(1);
    const rows = await shop.db.select().from(tickets).where(eq(tickets.orderId, order.id));
    expect(rows.map((row) => [row.position, row.refundedAt !== null]).sort()).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(audits.map((entry) => entry.action)).toEqual(['order.refunded']);
    expect(audits[0]?.after).toMatchObject({ product_id: tour, amount_cents: 1000, currency: 'EUR', method: 'test', tickets: [1], from: { date: DAY } });
  });

  it('refuses more than was paid, in total over partial refunds, and changes nothing', async () => {
    const { orderHash, paymentHash } = await paidOrder(2);
    const [payment] = await shop.db.select().from(payments).where(eq(payments.hash, paymentHash));
    const paid = payment?.amountCents as number;
    await desk().refund({ staffId: 1, orderHash, amountCents: paid - 100, tickets: [], cancel: false, key: 'part-00001', reason: '' });
    const refused = desk().refund({ staffId: 1, orderHash, amountCents: 101, tickets: [2], cancel: false, key: 'part-00002', reason: '' });
    await expect(refused).rejects.toMatchObject({ code: 'REFUND_EXCEEDS_PAID', statusCode: 409 });
    const order = await orderRow(orderHash);
    expect(await refundsOf(order?.id as number)).toHaveLength(1);
    expect(order?.quantity).toBe(2);
    expect(await validTicketPositions(shop.db, order?.id as number)).toEqual([1, 2]);
    // What is left can still go back.
    await desk().refund({ staffId: 1, orderHash, amountCents: 100, tickets: [], cancel: true, key: 'part-00003', reason: '' });
    expect((await orderRow(orderHash))?.status).toBe('REFUNDED');
  });

  it('cancels with a full refund: places and tickets back, payment refunded; a second cancel is refused', async () => {
    const { orderHash, paymentHash } = await paidOrder(3);
    const [payment] = await shop.db.select().from(payments).where(eq(payments.hash, paymentHash));
    const all = payment?.amountCents as number;
    const result = await desk().refund({ staffId: 2, orderHash, amountCents: all, tickets: [], cancel: true, key: 'cancel-0001', reason: 'weather' });
    expect(result).toMatchObject({ done: true, status: 'REFUNDED', tickets: [1, 2, 3] });
    expect(await sold(plot)).toEqual({ sold: 0, orderCount: 0 });
    expect((await shop.db.select().from(payments).where(eq(payments.hash, paymentHash)))[0]?.status).toBe('refunded');
    const again = desk().refund({ staffId: 2, orderHash, amountCents: 0, tickets: [], cancel: true, key: 'cancel-0002', reason: '' });
    await expect(again).rejects.toMatchObject({ code: 'ORDER_ALREADY_CANCELLED', statusCode: 409 });
    expect(audits.map((entry) => entry.action)).toEqual(['order.cancelled', 'order.refunded']);
    expect(audits[1]?.after).toMatchObject({ amount_cents: all, tickets: [1, 2, 3] });
  });

  it('refuses a malformed key or amount before anything is read', async () => {
    const { orderHash } = await paidOrder(1);
    await expect(desk().refund({ staffId: 1, orderHash, amountCents: -1, tickets: [], cancel: false, key: 'ok-key-0001', reason: '' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await expect(desk().refund({ staffId: 1, orderHash, amountCents: 1, tickets: [], cancel: false, key: 'x', reason: '' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await expect(desk().refund({ staffId: 1, orderHash, amountCents: 0, tickets: [9], cancel: false, key: 'ok-key-0002', reason: '' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });
});

describe('moves and the rest', () => {
  it('moves a paid booking to another day through the capacity guard, with the price difference', async () => {
    const { orderHash } = await paidOrder(2);
    const preview = await desk().previewMove(orderHash, otherPlot);
    expect(preview).toMatchObject({ fromPlotId: plot, toPlotId: otherPlot, differenceCents: 0 });
    await desk().move(3, orderHash, otherPlot);
    expect(await sold(plot)).toEqual({ sold: 0, orderCount: 0 });
    expect(await sold(otherPlot)).toEqual({ sold: 2, orderCount: 1 });
    expect((await orderRow(orderHash))?.plotId).toBe(otherPlot);
    expect(audits.at(-1)).toMatchObject({ action: 'order.moved', after: { product_id: tour, from: { date: DAY }, to: { date: OTHER_DAY }, amount_cents: 0 } });
  });

  it('refuses a move into a full slot and moves nothing', async () => {
    const { orderHash } = await paidOrder(2);
    await shop.db.update(plots).set({ capacity: 1 }).where(eq(plots.id, otherPlot));
    await expect(desk().move(3, orderHash, otherPlot)).rejects.toMatchObject({ code: 'PLOT_SOLD_OUT', statusCode: 409 });
    expect(await sold(plot)).toEqual({ sold: 2, orderCount: 1 });
    expect(await sold(otherPlot)).toEqual({ sold: 0, orderCount: 0 });
    expect((await orderRow(orderHash))?.plotId).toBe(plot);
    expect(audits).toHaveLength(0);
  });

  it('resends the confirmation and changes customer details by the checkout rules', async () => {
    const { orderHash } = await paidOrder(1);
    const mails = async () =>
      (
        await shop.db
          .select()
          .from(outbox)
          .where(and(eq(outbox.recipient, tourCustomer.email), eq(outbox.kind, 'order-confirmation')))
      ).length;
    const before = await mails();
    await desk().resendConfirmation(4, orderHash);
    expect(await mails()).toBe(before + 1);
    const order = await orderRow(orderHash);
    const changed = { ...order!.customer, last_name: 'Byron' };
    await desk().changeCustomer(4, orderHash, changed);
    expect((await orderRow(orderHash))?.customer.last_name).toBe('Byron');
    await expect(desk().changeCustomer(4, orderHash, { ...changed, email: 'not-an-address' })).rejects.toMatchObject({ statusCode: 400 });
    expect((await orderRow(orderHash))?.customer.email).toBe(tourCustomer.email);
    expect(audits.map((entry) => entry.action)).toEqual(['order.confirmation_resent', 'order.customer_changed']);
    expect(audits[1]?.after).toMatchObject({ fields: ['last_name'] });
  });

  it('marks only an invoice order paid, once', async () => {
    const { orderHash } = await paidOrder(1);
    await expect(desk().markInvoicePaid(1, orderHash)).rejects.toMatchObject({ code: 'NOT_AN_INVOICE_ORDER' });
    const order = await orderRow(orderHash);
    // An invoice order as the checkout writes one (its details checked at checkout): the flag is what the desk reads.
    await shop.db.execute(`update orders set invoice = true where id = ${order?.id}`);
    await desk().markInvoicePaid(1, orderHash);
    expect((await orderRow(orderHash))?.invoicePaidAt).not.toBeNull();
    await expect(desk().markInvoicePaid(1, orderHash)).rejects.toMatchObject({ code: 'INVOICE_ALREADY_PAID' });
  });
});
