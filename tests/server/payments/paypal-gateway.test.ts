/**
 * The PayPal gateway against a local fake of PayPal's REST API (tests/fakes/paypal-api.ts), over
 * real HTTP both ways: the order API creating a PayPal order (EUR, our hash as custom_id and
 * invoice_id, idempotent), the return visit capturing an approved order exactly once, verified
 * webhooks settling payments once whatever the order and repetition, refunds, and a configuration
 * that is incomplete refusing payments untouched.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderResponse } from '#domain/contracts/orders.ts';
import { holds, orders, organisations, paymentEvents, paymentRefunds, payments, plots, products } from '../../../server/db/schema/index.ts';
import { createPayPalGateway } from '../../../server/payments/paypal/paypal-gateway.ts';
import { createPayPalWebhook } from '../../../server/payments/paypal/paypal-webhook.ts';
import { paymentGatewayFor } from '../../../server/payments/gateway-registry.ts';
import { startRefundWorker } from '../../../server/modules/checkout/refund-worker.ts';
import { startFakePayPal, type FakePayPal } from '../../fakes/paypal-api.ts';
import { resetTourSlot, slotsMiscountingHolds, tourPlot } from '../helpers/tour-slot.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';
import { tourCustomer as customer } from '../helpers/customers.ts';

const NOW = '2030-06-03T07:00:00Z';
const LATER = new Date(Date.parse(NOW) + 16 * 60_000); // the demo shop holds for 15 minutes
const DAY = '2030-06-11';

let fake: FakePayPal;
let shop: TestShop;
let bts: number;
let plot: number;

const paypalConfig = () => ({ clientId: fake.clientId, clientSecret: fake.clientSecret, webhookId: fake.webhookId, apiBase: fake.url });

interface Bought {
  orderHash: string;
  paymentHash: string;
  orderId: string;
  response: Record<string, unknown>;
}

async function buy(quantity: number, on: TestShop = shop): Promise<Bought> {
  const response = await on.app.inject({ method: 'POST', url: '/api/orders', payload: { customer, orders: [{ product: { id: bts, plot, quantity } }] } });
  expect(response.statusCode, response.body).toBe(200);
  const [line] = (response.json() as OrderResponse).response.orders;
  if (!line?.payment || !line.order || !line.payment.transaction) throw new Error('no payment');
  expect(line.payment).toMatchObject({ type: 'CUSTOM', gateway: 'paypal' });
  const answer = line.payment.transaction.response;
  return { orderHash: line.order.hash, paymentHash: line.payment.hash, orderId: String(answer.order_id), response: answer };
}

const orderStatus = async (hash: string) => (await shop.app.inject({ method: 'GET', url: `/api/orders/${hash}` })).json();

async function paymentRow(hash: string) {
  const [row] = await shop.db.select().from(payments).where(eq(payments.hash, hash));
  if (!row) throw new Error(`no payment ${hash}`);
  return row;
}

const eventsOf = async (hash: string) =>
  shop.db
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.paymentId, (await paymentRow(hash)).id));

async function plotState() {
  const [row] = await shop.db.select({ sold: plots.sold, orderCount: plots.orderCount }).from(plots).where(eq(plots.id, plot));
  const [held] = await shop.db
    .select({ n: sql<number>`coalesce(sum(${holds.quantity}),0)::int` })
    .from(holds)
    .where(eq(holds.plotId, plot));
  return { sold: row?.sold, orderCount: row?.orderCount, held: Number(held?.n) };
}

const captureRequests = (orderId: string) =>
  fake.requests.filter((request) => request.method === 'POST' && request.path === `/v2/checkout/orders/${orderId}/capture`);

beforeAll(async () => {
  fake = await startFakePayPal();
  shop = await createTestShop({ now: NOW, config: { paymentGateway: 'paypal', paypal: paypalConfig() } });
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  const address = shop.app.server.address();
  if (!address || typeof address === 'string') throw new Error('the shop does not listen');
  fake.webhookUrl = `http://127.0.0.1:${address.port}/api/payments/paypal/webhook`;
  const [product] = await shop.db.select({ id: products.id }).from(products).where(eq(products.slug, 'behind-the-scenes'));
  bts = product?.id as number;
  plot = await tourPlot(shop.db, bts, DAY);
});

afterAll(async () => {
  await shop?.close();
  await fake?.close();
});

// Whatever the test did, every slot's held places are its counted holds (the places-taken reads rely on it).
afterEach(async () => {
  expect(await slotsMiscountingHolds(shop.db)).toEqual([]);
});

beforeEach(async () => {
  await resetTourSlot(shop, plot, NOW);
});

describe('creating the PayPal order', () => {
  it('answers CUSTOM/paypal with the client id, the order, EUR and the return address', async () => {
    const bought = await buy(2);
    expect(bought.response).toEqual({
      client_id: fake.clientId,
      order_id: bought.orderId,
      currency: 'EUR',
      return_url: `/checkout/return/${bought.orderHash}`,
    });
    expect((await paymentRow(bought.paymentHash)).providerReference).toBe(bought.orderId);
    expect(await orderStatus(bought.orderHash)).toMatchObject({ status: 'PENDING', payment: { status: 'pending', gateway: 'paypal' } });
  });

  it('creates one CAPTURE order for the amount in EUR, our hash as custom_id and invoice_id, idempotently', async () => {
    const bought = await buy(2);
    const order = fake.orders.get(bought.orderId);
    expect(order?.intent).toBe('CAPTURE');
    expect(order?.purchase_units).toHaveLength(1);
    expect(order?.purchase_units[0]).toMatchObject({
      amount: { currency_code: 'EUR', value: '71.00' }, // 2 × 35.00 + booking fee 1.00
      custom_id: bought.paymentHash,
      invoice_id: bought.paymentHash,
    });
    const created = fake.requests.filter((request) => request.path === '/v2/checkout/orders' && request.requestId === bought.paymentHash);
    expect(created).toHaveLength(1);
    expect(created[0]?.authorization).toMatch(/^Bearer A21AA/);

    // The same payment asked again (a retry, a resumed payment) is the same PayPal order.
    const ordersBefore = fake.orders.size;
    const again = await paymentGatewayFor(shop.config).createPayment({
      paymentHash: bought.paymentHash,
      amountCents: 7100,
      currency: 'EUR',
      orderHashes: [bought.orderHash],
      publicUrl: shop.config.publicUrl,
      language: 'en',
      expiresAt: null,
      email: null,
    });
    expect(again.providerReference).toBe(bought.orderId);
    expect(fake.orders.size).toBe(ordersBefore);
    const resumed = await shop.app.inject({ method: 'GET', url: `/api/payment/${bought.orderHash}` });
    expect(resumed.json().response.payment).toMatchObject({ type: 'CUSTOM', gateway: 'paypal', transaction: { response: { order_id: bought.orderId } } });
  });

  it('writes the amount with two decimals from cents', async () => {
    const gateway = createPayPalGateway({ paypal: paypalConfig() });
    for (const [cents, value] of [
      [1005, '10.05'],
      [1, '0.01'],
      [123_456_789, '1234567.89'],
      [7000, '70.00'],
    ] as const) {
      const created = await gateway.createPayment({
        paymentHash: `cents-${cents}`,
        amountCents: cents,
        currency: 'EUR',
        orderHashes: ['o'],
        publicUrl: '',
        language: 'en',
        expiresAt: null,
        email: null,
      });
      expect(fake.orders.get(String(created.providerReference))?.purchase_units[0]?.amount.value).toBe(value);
    }
  });

  it('keeps one access token for every call, and fetches a new one when PayPal no longer takes it', async () => {
    const before = fake.tokensIssued();
    await buy(1);
    await buy(1);
    expect(fake.tokensIssued()).toBe(before);
    fake.revokeTokens();
    await buy(1);
    expect(fake.tokensIssued()).toBe(before + 1);
  });

  it('refuses a shop that does not charge in EUR (the wallet currency is fixed), before asking PayPal', async () => {
    const gateway = createPayPalGateway({ paypal: paypalConfig() });
    const asked = fake.requests.length;
    await expect(
      gateway.createPayment({
        paymentHash: 'usd',
        amountCents: 100,
        currency: 'USD',
        orderHashes: ['o'],
        publicUrl: '',
        language: 'en',
        expiresAt: null,
        email: null,
      }),
    ).rejects.toMatchObject({ code: 'PAYMENT_FAILED', statusCode: 503, message: expect.stringMatching(/EUR only.*USD/) });
    expect(fake.requests.length).toBe(asked);

    await shop.db.update(organisations).set({ currency: 'USD' });
    try {
      const refused = await shop.app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: { customer, orders: [{ product: { id: bts, plot, quantity: 1 } }] },
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ ok: false, error: 'PAYMENT_FAILED' });
      expect(fake.requests.length).toBe(asked);
      // The checkout written before the gateway refused fails at once: it holds no places.
      const [latest] = await shop.db
        .select()
        .from(orders)
        .orderBy(sql`${orders.id} desc`)
        .limit(1);
      expect(latest?.status).toBe('FAILED');
      expect(
        await shop.db
          .select()
          .from(holds)
          .where(eq(holds.orderId, latest?.id ?? 0)),
      ).toHaveLength(0);
    } finally {
      await shop.db.update(organisations).set({ currency: 'EUR' });
    }
  });
});

describe('the return visit', () => {
  it('leaves an order the buyer has not approved pending, without capturing', async () => {
    const bought = await buy(2);
    expect(await orderStatus(bought.orderHash)).toMatchObject({ status: 'PENDING' });
    expect(captureRequests(bought.orderId)).toHaveLength(0);
  });

  it('captures an approved order exactly once when two lookups race, and the order is paid once', async () => {
    const bought = await buy(3);
    fake.approve(bought.orderId);
    // Both lookups read the order as APPROVED before either captures: a real race.
    fake.barrier('GET', `/v2/checkout/orders/${bought.orderId}`, 2);
    const [first, second] = await Promise.all([orderStatus(bought.orderHash), orderStatus(bought.orderHash)]);
    expect(first).toMatchObject({ status: 'PAID', payment: { status: 'paid', gateway: 'paypal' } });
    expect(second).toMatchObject({ status: 'PAID' });
    expect(fake.captureCount(bought.orderId)).toBe(1);
    // Both asked to capture, with the payment's request id, so PayPal answered the second with the first capture.
    expect(captureRequests(bought.orderId)).toHaveLength(2);
    expect(captureRequests(bought.orderId).every((request) => request.requestId === `capture-${bought.paymentHash}`)).toBe(true);
    expect(await eventsOf(bought.paymentHash)).toHaveLength(1);
    expect(await plotState()).toMatchObject({ sold: 3, held: 0, orderCount: 1 });

    expect(await orderStatus(bought.orderHash)).toMatchObject({ status: 'PAID' });
    expect(fake.captureCount(bought.orderId)).toBe(1);
  });

  it('fails the payment when the buyer’s funding is declined at capture', async () => {
    const bought = await buy(2);
    fake.approve(bought.orderId, { capture: 'DECLINED' });
    expect(await orderStatus(bought.orderHash)).toMatchObject({ status: 'FAILED', payment: { status: 'failed' } });
    expect(await plotState()).toMatchObject({ sold: 0, held: 0, orderCount: 0 });
  });

  it('keeps a pending capture open, and cancels a voided order', async () => {
    const pending = await buy(1);
    fake.approve(pending.orderId, { capture: 'PENDING' });
    expect(await orderStatus(pending.orderHash)).toMatchObject({ status: 'PENDING' });
    expect(fake.captureCount(pending.orderId)).toBe(1);

    const voided = await buy(1);
    fake.voidOrder(voided.orderId);
    expect(await orderStatus(voided.orderHash)).toMatchObject({ status: 'CANCELLED', payment: { status: 'cancelled' } });
  });
});

describe('webhooks', () => {
  it('CHECKOUT.ORDER.APPROVED with a valid signature captures and settles the payment', async () => {
    const bought = await buy(2);
    fake.approve(bought.orderId);
    const delivered = await fake.sendWebhook(fake.event('CHECKOUT.ORDER.APPROVED', bought.orderId));
    expect(delivered.status, delivered.body).toBe(200);
    expect(JSON.parse(delivered.body)).toEqual({ ok: true, result: 'settled' });
    expect(fake.captureCount(bought.orderId)).toBe(1);
    expect(captureRequests(bought.orderId)[0]?.requestId).toBe(`capture-${bought.paymentHash}`);
    const [payment] = await shop.db.select().from(payments).where(eq(payments.hash, bought.paymentHash));
    expect(payment?.status).toBe('paid');
    const events = await eventsOf(bought.paymentHash);
    expect(events.map((event) => event.eventKey)).toEqual([expect.stringMatching(/^paypal:WH-/)]);
    // The signature was checked by PayPal's verification endpoint, with our webhook id.
    const verification = fake.requests.filter((request) => request.path === '/v1/notifications/verify-webhook-signature').at(-1);
    expect(verification?.body).toMatchObject({
      webhook_id: fake.webhookId,
      auth_algo: 'SHA256withRSA',
      webhook_event: { event_type: 'CHECKOUT.ORDER.APPROVED' },
    });
  });

  it('refuses a delivery PayPal does not vouch for with 400 WEBHOOK_SIGNATURE_INVALID, changing nothing', async () => {
    const bought = await buy(2);
    fake.approve(bought.orderId);
    fake.captureElsewhere(bought.orderId);
    const signed = fake.sign(fake.event('PAYMENT.CAPTURE.COMPLETED', bought.orderId));

    const tamperedBody = signed.body.replace('"event_version":"1.0"', '"event_version":"1.1"');
    const forgedSignature = { ...signed.headers, 'paypal-transmission-sig': Buffer.from('forged').toString('base64') };
    const unknownTransmission = { ...signed.headers, 'paypal-transmission-id': 'f'.repeat(32) };
    const { 'paypal-transmission-sig': _dropped, ...missingHeader } = signed.headers;
    for (const delivery of [
      { headers: signed.headers, body: tamperedBody },
      { headers: forgedSignature, body: signed.body },
      { headers: unknownTransmission, body: signed.body },
      { headers: missingHeader, body: signed.body },
    ]) {
      const refused = await fake.deliver(delivery);
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.body)).toMatchObject({ ok: false, error: 'WEBHOOK_SIGNATURE_INVALID' });
    }
    // Signed by PayPal, but for another webhook (another shop's): PayPal does not verify it for ours.
    const elsewhere = createPayPalWebhook({
      db: shop.db,
      settlement: shop.app.services.settlement,
      config: { publicUrl: '', paypal: { ...paypalConfig(), webhookId: 'WH-ANOTHER-SHOP' } },
    });
    await expect(elsewhere.receive({ headers: signed.headers, rawBody: signed.body, event: JSON.parse(signed.body) })).rejects.toMatchObject({
      code: 'WEBHOOK_SIGNATURE_INVALID',
      statusCode: 400,
    });

    expect((await paymentRow(bought.paymentHash)).status).toBe('pending');
    expect(await eventsOf(bought.paymentHash)).toHaveLength(0);

    // The genuine delivery still settles it.
    expect((await fake.deliver(signed)).status).toBe(200);
    expect((await paymentRow(bought.paymentHash)).status).toBe('paid');
  });

  it('changes the payment once, whatever the order and repetition of deliveries', async () => {
    const bought = await buy(4);
    fake.approve(bought.orderId);
    // Captured before our APPROVED handling ran (an earlier capture whose answer was lost): the
    // capture event overtakes the approval.
    fake.captureElsewhere(bought.orderId);
    const completed = fake.sign(fake.event('PAYMENT.CAPTURE.COMPLETED', bought.orderId));
    expect(JSON.parse((await fake.deliver(completed)).body)).toEqual({ ok: true, result: 'settled' });

    // The late approval: our capture meets ORDER_ALREADY_CAPTURED, reads the order, changes nothing.
    const approved = await fake.sendWebhook(fake.event('CHECKOUT.ORDER.APPROVED', bought.orderId));
    expect(approved.status).toBe(200);
    // PayPal delivering the same event again, and a contradicting late one.
    expect(JSON.parse((await fake.deliver(completed)).body)).toEqual({ ok: true, result: 'unchanged' });
    expect(JSON.parse((await fake.sendWebhook(fake.event('PAYMENT.CAPTURE.DENIED', bought.orderId))).body)).toEqual({ ok: true, result: 'unchanged' });

    expect(fake.captureCount(bought.orderId)).toBe(1);
    expect((await paymentRow(bought.paymentHash)).status).toBe('paid');
    expect(await eventsOf(bought.paymentHash)).toHaveLength(1);
    expect(await plotState()).toMatchObject({ sold: 4, held: 0, orderCount: 1 });
    expect(await orderStatus(bought.orderHash)).toMatchObject({ status: 'PAID' });
  });

  it('PAYMENT.CAPTURE.DENIED fails the payment and CHECKOUT.ORDER.VOIDED cancels one, freeing the places', async () => {
    const denied = await buy(3);
    fake.approve(denied.orderId, { capture: 'DECLINED' });
    fake.captureElsewhere(denied.orderId);
    expect(JSON.parse((await fake.sendWebhook(fake.event('PAYMENT.CAPTURE.DENIED', denied.orderId))).body)).toEqual({ ok: true, result: 'settled' });
    expect(await orderStatus(denied.orderHash)).toMatchObject({ status: 'FAILED', payment: { status: 'failed' } });

    const voided = await buy(2);
    fake.voidOrder(voided.orderId);
    expect(JSON.parse((await fake.sendWebhook(fake.event('CHECKOUT.ORDER.VOIDED', voided.orderId))).body)).toEqual({ ok: true, result: 'settled' });
    expect(await orderStatus(voided.orderHash)).toMatchObject({ status: 'CANCELLED', payment: { status: 'cancelled' } });
    expect(await plotState()).toMatchObject({ sold: 0, held: 0, orderCount: 0 });
  });

  it('answers 200 for events it does not handle and for orders that are not ours', async () => {
    const bought = await buy(1);
    const other = { ...fake.event('CHECKOUT.ORDER.APPROVED', bought.orderId), event_type: 'CUSTOMER.DISPUTE.CREATED' };
    expect(JSON.parse((await fake.sendWebhook(other)).body)).toEqual({ ok: true, result: 'ignored' });

    // An order made in PayPal by something else than this shop.
    const foreign = await createPayPalGateway({ paypal: paypalConfig() }).createPayment({
      paymentHash: 'not-a-payment-of-ours',
      amountCents: 500,
      currency: 'EUR',
      orderHashes: ['x'],
      publicUrl: '',
      language: 'en',
      expiresAt: null,
      email: null,
    });
    const foreignId = String(foreign.providerReference);
    fake.approve(foreignId);
    expect(JSON.parse((await fake.sendWebhook(fake.event('CHECKOUT.ORDER.APPROVED', foreignId))).body)).toEqual({ ok: true, result: 'ignored' });
    expect(fake.captureCount(foreignId)).toBe(0);
    expect((await paymentRow(bought.paymentHash)).status).toBe('pending');
  });

  it('answers 400 for a body that is not an event', async () => {
    const notJson = await fetch(String(fake.webhookUrl), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"id":' });
    expect(notJson.status).toBe(400);
    const notEvent = await fake.deliver(fake.sign({ hello: 'world' } as never));
    expect(notEvent.status).toBe(400);
    expect(JSON.parse(notEvent.body).error).toBe('VALIDATION_FAILED');
  });

  it('answers 5xx when the database fails, so PayPal delivers again, and the retry settles', async () => {
    const bought = await buy(2);
    fake.approve(bought.orderId);
    fake.captureElsewhere(bought.orderId);
    const completed = fake.sign(fake.event('PAYMENT.CAPTURE.COMPLETED', bought.orderId));
    await shop.db.execute(sql`alter table payment_events rename to payment_events_away`);
    try {
      const failed = await fake.deliver(completed);
      expect(failed.status).toBe(500);
      expect(JSON.parse(failed.body)).toEqual({ ok: false, error: 'INTERNAL_ERROR', message: 'Something went wrong on our side' });
    } finally {
      await shop.db.execute(sql`alter table payment_events_away rename to payment_events`);
    }
    expect((await paymentRow(bought.paymentHash)).status).toBe('pending');
    expect(JSON.parse((await fake.deliver(completed)).body)).toEqual({ ok: true, result: 'settled' });
    expect((await paymentRow(bought.paymentHash)).status).toBe('paid');
  });
});

describe('refunds', () => {
  it('refunds the capture in full under the idempotency key; a retry refunds nothing more', async () => {
    const bought = await buy(2);
    fake.approve(bought.orderId);
    expect(await orderStatus(bought.orderHash)).toMatchObject({ status: 'PAID' });
    const payment = { hash: bought.paymentHash, providerReference: bought.orderId, amountCents: 7100, currency: 'EUR' };
    const gateway = paymentGatewayFor(shop.config);
    const first = await gateway.refund(payment, `refund-${bought.paymentHash}`, payment.amountCents);
    const retry = await gateway.refund(payment, `refund-${bought.paymentHash}`, payment.amountCents);
    expect(first.reference).toEqual(expect.any(String));
    expect(retry.reference).toBe(first.reference);
    const made = fake.refunds.filter((refund) => refund.requestId === `refund-${bought.paymentHash}`);
    expect(made).toHaveLength(1);
    expect(made[0]?.amount).toEqual({ currency_code: 'EUR', value: '71.00' });
  });

  it('refunds part of the capture; partial refunds sum, and PayPal refuses more than is left', async () => {
    const bought = await buy(2);
    fake.approve(bought.orderId);
    expect(await orderStatus(bought.orderHash)).toMatchObject({ status: 'PAID' });
    const payment = { hash: bought.paymentHash, providerReference: bought.orderId, amountCents: 7100, currency: 'EUR' };
    const gateway = paymentGatewayFor(shop.config);
    await gateway.refund(payment, `staff-part-1-${bought.paymentHash}`, 3550);
    await gateway.refund(payment, `staff-part-1-${bought.paymentHash}`, 3550);
    await expect(gateway.refund(payment, `staff-part-2-${bought.paymentHash}`, 3600)).rejects.toThrow();
    await gateway.refund(payment, `staff-part-3-${bought.paymentHash}`, 3550);
    const made = fake.refunds.filter((refund) => refund.requestId?.startsWith('staff-part-') && refund.requestId.endsWith(bought.paymentHash));
    expect(made.map((refund) => refund.amount.value)).toEqual(['35.50', '35.50']);
  });

  it('gives back a payment that arrives after its places went to someone else, through the refund worker', async () => {
    const late = await buy(8);
    shop.clock.set(LATER);
    // Its hold lapsed; another visitor takes all eight places.
    await buy(8);
    fake.approve(late.orderId);
    expect(JSON.parse((await fake.sendWebhook(fake.event('CHECKOUT.ORDER.APPROVED', late.orderId))).body)).toEqual({ ok: true, result: 'settled' });
    expect(await orderStatus(late.orderHash)).toMatchObject({ status: 'REFUNDED', payment: { status: 'refunded' } });

    const logs: string[] = [];
    const worker = startRefundWorker({
      db: shop.db,
      gatewayId: shop.config.paymentGateway,
      gateway: () => paymentGatewayFor(shop.config),
      clock: shop.clock,
      poll: false,
      logger: { info: (_object, message) => logs.push(String(message)), error: (_object, message) => logs.push(String(message)) },
    });
    expect(await worker.runOnce()).toBe(1);
    await worker.stop();
    const paymentId = (await paymentRow(late.paymentHash)).id;
    const [queued] = await shop.db
      .select()
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.paymentId, paymentId)));
    expect(queued?.status).toBe('done');
    const capture = fake.orders.get(late.orderId)?.purchase_units[0]?.payments?.captures[0];
    expect(fake.refunds.filter((refund) => refund.captureId === capture?.id)).toHaveLength(1);
    expect(queued?.providerReference).toBe(fake.refunds.find((refund) => refund.captureId === capture?.id)?.id);
  });
});

describe('an incomplete configuration', () => {
  it.each([
    ['PAYPAL_CLIENT_ID', { clientId: undefined }],
    ['PAYPAL_CLIENT_SECRET', { clientSecret: undefined }],
    ['PAYPAL_WEBHOOK_ID', { webhookId: undefined }],
  ])('without %s gives no adapter: 503 PAYMENT_FAILED naming it', (missing, change) => {
    expect(() => paymentGatewayFor({ ...shop.config, paypal: { ...paypalConfig(), ...change } })).toThrow(
      expect.objectContaining({ code: 'PAYMENT_FAILED', statusCode: 503, message: expect.stringContaining(missing) }),
    );
  });

  it('refuses orders to pay with 503 PAYMENT_FAILED, writing nothing, and webhooks with 503', async () => {
    const broken = await createTestShop({ now: NOW, config: { paymentGateway: 'paypal', paypal: { ...paypalConfig(), clientSecret: undefined } } });
    try {
      const asked = fake.requests.length;
      const refused = await broken.app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: { customer, orders: [{ product: { id: bts, plot, quantity: 1 } }] },
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ ok: false, error: 'PAYMENT_FAILED', message: expect.stringContaining('PAYPAL_CLIENT_SECRET') });
      expect(await broken.db.select().from(orders)).toHaveLength(0);
      expect(await broken.db.select().from(payments)).toHaveLength(0);
      expect(await broken.db.select().from(holds)).toHaveLength(0);
      const webhook = await broken.app.inject({
        method: 'POST',
        url: '/api/payments/paypal/webhook',
        payload: { id: 'WH-1', event_type: 'CHECKOUT.ORDER.APPROVED', resource: {} },
      });
      expect(webhook.statusCode).toBe(503);
      expect(fake.requests.length).toBe(asked);
    } finally {
      await broken.close();
    }
  });

  it('serves the webhook only while PayPal is the configured gateway', async () => {
    const other = await createTestShop({ now: NOW });
    try {
      expect((await other.app.inject({ method: 'POST', url: '/api/payments/paypal/webhook', payload: {} })).statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});
