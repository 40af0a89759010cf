/**
 * The Stripe gateway against a local fake of Stripe's API (tests/fakes/stripe-api.ts), through the
 * official SDK and real HTTP: the Checkout Session an order opens, the order API's CUSTOM answer,
 * the webhook (signature, outcomes, duplicates, reordering, database failure), the return-visit
 * lookup, the cancel route, refunds, and refusing orders untouched when Stripe is not configured.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderResponse } from '#domain/contracts/orders.ts';
import { orderHistory, orders, outbox, paymentEvents, payments, products } from '../../../server/db/schema/index.ts';
import { AppError } from '../../../server/errors.ts';
import { paymentGatewayFor } from '../../../server/payments/gateway-registry.ts';
import type { ProviderPayment } from '../../../server/payments/payment-gateway.ts';
import { stripeApiAddress, stripeSetup } from '../../../server/payments/stripe/stripe-client.ts';
import { checkoutEventOutcome } from '../../../server/payments/stripe/stripe-events.ts';
import { createStripeGateway } from '../../../server/payments/stripe/stripe-gateway.ts';
import { sessionExpiresAt } from '../../../server/payments/stripe/stripe-session.ts';
import { startFakeStripe, type FakeStripe } from '../../fakes/stripe-api.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';
import { customer } from '../helpers/customers.ts';

const SECRET_KEY = 'sk_test_shop_secret';
const PUBLISHABLE_KEY = 'pk_test_shop_publishable';
const WEBHOOK_SECRET = 'whsec_shop_webhook_secret';
const PUBLIC_URL = 'http://shop.test';

let fake: FakeStripe;
let shop: TestShop;
let address: string;
let guidebook: number;

const stripeConfig = (apiBase: string) => ({ secretKey: SECRET_KEY, publishableKey: PUBLISHABLE_KEY, webhookSecret: WEBHOOK_SECRET, apiBase });

interface Bought {
  orderHashes: string[];
  paymentHash: string;
  session: string;
  response: Record<string, unknown>;
}

async function buy(lines = [1], extra: Record<string, unknown> = {}): Promise<Bought> {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: { customer, orders: lines.map((quantity) => ({ product: { id: guidebook, quantity } })), ...extra },
  });
  expect(response.statusCode, response.body).toBe(200);
  const results = (response.json() as OrderResponse).response.orders;
  const payment = results[0]?.payment;
  if (!payment || !payment.transaction) throw new Error('no payment');
  const answer = payment.transaction.response;
  return { orderHashes: results.map((line) => line.order?.hash ?? ''), paymentHash: payment.hash, session: String(answer.session), response: answer };
}

const webhook = (payload: string, headers: Record<string, string>) =>
  fetch(`${address}/api/payments/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: payload,
  });

async function paymentRow(hash: string) {
  const [row] = await shop.db.select().from(payments).where(eq(payments.hash, hash));
  if (!row) throw new Error(`no payment ${hash}`);
  return row;
}

const providerPayment = async (hash: string): Promise<ProviderPayment> => {
  const row = await paymentRow(hash);
  return { hash: row.hash, providerReference: row.providerReference, amountCents: row.amountCents, currency: row.currency };
};

async function eventKeys(hash: string): Promise<string[]> {
  const row = await paymentRow(hash);
  return (await shop.db.select({ key: paymentEvents.eventKey }).from(paymentEvents).where(eq(paymentEvents.paymentId, row.id))).map((event) => event.key);
}

/**
 * The payment's and its orders' state, read from the database: GET /api/orders/{hash} would ask
 * Stripe itself (the return-visit lookup), which is not what these webhook tests are about.
 */
async function stateOf(bought: Bought): Promise<{ payment: string; orders: string[] }> {
  const row = await paymentRow(bought.paymentHash);
  const rows = await shop.db.select({ hash: orders.hash, status: orders.status }).from(orders).where(eq(orders.paymentId, row.id));
  return { payment: row.status, orders: bought.orderHashes.map((hash) => rows.find((order) => order.hash === hash)?.status ?? 'MISSING') };
}

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  fake = await startFakeStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  // Real time: Stripe checks a session's expiry against its own clock.
  shop = await createTestShop({ now: new Date().toISOString(), config: { paymentGateway: 'stripe', publicUrl: PUBLIC_URL, stripe: stripeConfig(fake.url) } });
  address = await shop.app.listen({ port: 0, host: '127.0.0.1' });
  fake.setWebhookUrl(`${address}/api/payments/stripe/webhook`);
  const [product] = await shop.db.select({ id: products.id }).from(products).where(eq(products.slug, 'zoo-guidebook'));
  guidebook = product?.id as number;
});

afterAll(async () => {
  await shop?.close();
  await fake?.close();
});

describe('Stripe: opening a payment', () => {
  it('answers the order with a CUSTOM stripe payment: publishable key, session and its hosted page', async () => {
    const bought = await buy();
    expect(bought.response).toEqual({ key: PUBLISHABLE_KEY, session: expect.stringMatching(/^cs_test_/), url: `${fake.url}/c/pay/${bought.session}` });
    const row = await paymentRow(bought.paymentHash);
    expect(row).toMatchObject({ gateway: 'stripe', type: 'CUSTOM', status: 'pending', providerReference: bought.session });
  });

  it('opens one Checkout Session per checkout: amount, currency, return and cancel addresses, references, locale, e-mail, expiry', async () => {
    const startedAt = Math.floor(Date.now() / 1000);
    const bought = await buy([1, 2], { language: 'nl' });
    const session = fake.sessions.get(bought.session);
    const row = await paymentRow(bought.paymentHash);
    expect(row.amountCents).toBe(3 * 1295 + 100); // three guidebooks over two orders, the booking fee once per submission
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: row.amountCents,
      currency: 'eur',
      client_reference_id: bought.paymentHash,
      metadata: { payment_hash: bought.paymentHash },
      payment_intent_metadata: { payment_hash: bought.paymentHash },
      success_url: `${PUBLIC_URL}/checkout/return/${bought.orderHashes[0]}`,
      cancel_url: `${PUBLIC_URL}/api/payments/stripe/cancel/${bought.paymentHash}`,
      locale: 'nl',
      customer_email: 'ada@example.test',
      status: 'open',
      payment_status: 'unpaid',
    });
    expect(session?.line_items_requested).toEqual([
      {
        quantity: '1',
        price_data: { currency: 'eur', unit_amount: String(row.amountCents), product_data: { name: expect.stringMatching(/^Order [0-9A-F]{8}$/) } },
      },
    ]);
    // The demo shop holds places for 15 minutes, less than Stripe's minimum: 30 minutes (and a margin).
    expect(session?.expires_at).toBeGreaterThanOrEqual(startedAt + 31 * 60);
    expect(session?.expires_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 31 * 60 + 1);
    const created = fake.requests.filter((request) => request.path === '/v1/checkout/sessions' && request.params.client_reference_id === bought.paymentHash);
    expect(created.map((request) => request.idempotencyKey)).toEqual([`checkout-session:${bought.paymentHash}:${session?.expires_at}`]);
  });

  it('one attempt repeated answers its session; a later attempt (a session opened but never saved) opens a fresh one', async () => {
    const input = {
      paymentHash: 'p-attempts',
      amountCents: 1000,
      currency: 'EUR',
      orderHashes: ['o-attempts'],
      publicUrl: PUBLIC_URL,
      language: 'en',
      expiresAt: null,
      email: null,
    };
    // Stripe (and its fake) check expires_at against real time.
    const start = Date.now();
    const at = (minutes: number) => createStripeGateway(stripeSetup(stripeConfig(fake.url)), { now: () => new Date(start + minutes * 60_000) });
    const first = await at(0).createPayment(input);
    const repeated = await at(0).createPayment(input);
    expect(repeated.providerReference).toBe(first.providerReference);
    const later = await at(20).createPayment(input);
    expect(later.providerReference).not.toBe(first.providerReference);
  });

  it('resuming the payment (GET /api/payment/{hash}) answers the same session, opening no other', async () => {
    const bought = await buy();
    const before = fake.sessions.size;
    const resumed = await shop.app.inject({ method: 'GET', url: `/api/payment/${bought.orderHashes[0]}` });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json().response.payment).toMatchObject({ type: 'CUSTOM', gateway: 'stripe', transaction: { response: bought.response } });
    expect(fake.sessions.size).toBe(before);
  });

  it.each([
    ['no hold', null, 31 * 60],
    ['a hold shorter than 30 minutes', 15 * 60, 31 * 60],
    ['a two-hour hold', 2 * 3600, 2 * 3600],
    ['a hold longer than a day', 30 * 3600, 24 * 3600 - 60],
  ])('expires the session with %s at a time Stripe accepts', (_case, holdSeconds, expected) => {
    const now = new Date('2031-01-01T10:00:00.400Z');
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const expiresAt = holdSeconds === null ? null : new Date(nowSeconds * 1000 + holdSeconds * 1000);
    expect(sessionExpiresAt(expiresAt, now) - nowSeconds).toBe(expected);
  });

  it('points the SDK at STRIPE_API_BASE', () => {
    expect(stripeApiAddress('https://api.stripe.com')).toEqual({ host: 'api.stripe.com', port: 443, protocol: 'https' });
    expect(stripeApiAddress('http://127.0.0.1:4312')).toEqual({ host: '127.0.0.1', port: 4312, protocol: 'http' });
    expect(stripeApiAddress('http://[::1]:8080')).toEqual({ host: '::1', port: 8080, protocol: 'http' });
  });

  it('a refusal by Stripe (a wrong secret key) is PAYMENT_FAILED 502, not an internal error', async () => {
    const gateway = createStripeGateway(stripeSetup({ ...stripeConfig(fake.url), secretKey: 'sk_test_wrong' }));
    const attempt = gateway.createPayment({
      paymentHash: 'p-wrong-key',
      amountCents: 1000,
      currency: 'EUR',
      orderHashes: ['o-wrong-key'],
      publicUrl: PUBLIC_URL,
      language: 'en',
      expiresAt: null,
      email: null,
    });
    await expect(attempt).rejects.toMatchObject({ code: 'PAYMENT_FAILED', statusCode: 502 });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
  });
});

describe('Stripe: the webhook', () => {
  it('refuses a missing, wrong, stale or tampered signature with 400 WEBHOOK_SIGNATURE_INVALID and changes nothing', async () => {
    const bought = await buy();
    const session = fake.sessions.get(bought.session);
    if (!session) throw new Error('no session');
    session.payment_status = 'paid';
    const paid = fake.signedEvent('checkout.session.completed', bought.session);
    session.payment_status = 'unpaid';
    const tampered = paid.payload.replace('"livemode":false', '"livemode":false ');
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    const attempts = [
      webhook(paid.payload, {}),
      webhook(paid.payload, { 'stripe-signature': '' }),
      webhook(paid.payload, { 'stripe-signature': 'not a signature' }),
      webhook(paid.payload, { 'stripe-signature': fake.sign(paid.payload, { secret: 'whsec_someone_else' }) }),
      webhook(paid.payload, { 'stripe-signature': fake.sign(paid.payload, { timestamp: tenMinutesAgo }) }),
      webhook(tampered, { 'stripe-signature': paid.signature }),
      webhook('', { 'stripe-signature': paid.signature }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ ok: false, error: 'WEBHOOK_SIGNATURE_INVALID' });
    }
    expect(await stateOf(bought)).toEqual({ payment: 'pending', orders: ['PENDING'] });
    expect(await eventKeys(bought.paymentHash)).toEqual([]);
    // The same event, signed properly, is taken.
    const good = await webhook(paid.payload, { 'stripe-signature': paid.signature });
    expect(good.status).toBe(200);
    expect(await stateOf(bought)).toEqual({ payment: 'paid', orders: ['PAID'] });
  });

  it('paid: checkout.session.completed makes the orders PAID once; the same event again, or another, changes nothing', async () => {
    const bought = await buy([1, 1]);
    const delivery = await fake.pay(bought.session);
    expect(delivery).toMatchObject({ type: 'checkout.session.completed', status: 200 });
    expect(await stateOf(bought)).toEqual({ payment: 'paid', orders: ['PAID', 'PAID'] });
    expect(await eventKeys(bought.paymentHash)).toEqual([`stripe:${delivery?.event}`]);

    expect(await fake.send('checkout.session.completed', bought.session, { id: delivery?.event as string })).toMatchObject({ status: 200 });
    expect(await fake.send('checkout.session.completed', bought.session)).toMatchObject({ status: 200 });
    expect(await eventKeys(bought.paymentHash)).toEqual([`stripe:${delivery?.event}`]);
  });

  it.each([
    ['less money', { amount_total: -1 }],
    ['more money', { amount_total: +1 }],
    ['another currency', { currency: 'usd' }],
  ])('paid with %s than the payment: answered 200, logged, not settled (nor by a later lookup)', async (_name, change) => {
    const bought = await buy();
    const session = fake.sessions.get(bought.session);
    if (!session) throw new Error('no session');
    if ('amount_total' in change) session.amount_total += change.amount_total;
    if ('currency' in change) session.currency = change.currency;
    const delivery = await fake.pay(bought.session);
    expect(delivery).toMatchObject({ type: 'checkout.session.completed', status: 200 });
    expect(await stateOf(bought)).toEqual({ payment: 'pending', orders: ['PENDING'] });
    expect(await eventKeys(bought.paymentHash)).toEqual([]);
    expect(await paymentGatewayFor(shop.config).lookup(await providerPayment(bought.paymentHash))).toBeNull();
  });

  it('reordered: a failure or an expiry arriving after the payment changes nothing', async () => {
    const bought = await buy();
    await fake.pay(bought.session);
    expect(await fake.send('checkout.session.async_payment_failed', bought.session)).toMatchObject({ status: 200 });
    expect(await fake.send('checkout.session.expired', bought.session)).toMatchObject({ status: 200 });
    expect(await stateOf(bought)).toEqual({ payment: 'paid', orders: ['PAID'] });
    expect(await eventKeys(bought.paymentHash)).toHaveLength(1);
  });

  it('a delayed payment method: completed while unpaid changes nothing; async_payment_succeeded pays', async () => {
    const bought = await buy();
    expect(await fake.pay(bought.session, { async: true })).toMatchObject({ status: 200 });
    expect(await stateOf(bought)).toEqual({ payment: 'pending', orders: ['PENDING'] });
    const succeeded = await fake.settleAsync(bought.session, true);
    expect(succeeded).toMatchObject({ type: 'checkout.session.async_payment_succeeded', status: 200 });
    expect(await stateOf(bought)).toEqual({ payment: 'paid', orders: ['PAID'] });
    expect(await eventKeys(bought.paymentHash)).toEqual([`stripe:${succeeded?.event}`]);
  });

  it('a delayed payment method that fails: async_payment_failed makes the orders FAILED', async () => {
    const bought = await buy();
    await fake.pay(bought.session, { async: true });
    expect(await fake.settleAsync(bought.session, false)).toMatchObject({ type: 'checkout.session.async_payment_failed', status: 200 });
    expect(await stateOf(bought)).toEqual({ payment: 'failed', orders: ['FAILED'] });
  });

  it('expired: checkout.session.expired makes the orders CANCELLED', async () => {
    const bought = await buy();
    expect(await fake.expire(bought.session)).toMatchObject({ type: 'checkout.session.expired', status: 200 });
    expect(await stateOf(bought)).toEqual({ payment: 'cancelled', orders: ['CANCELLED'] });
  });

  it('acknowledges events it does not use and payments it does not know, changing nothing', async () => {
    const other = await buy();
    expect(await fake.send('payment_intent.created', other.session)).toMatchObject({ status: 200 });
    expect(await fake.send('checkout.session.completed', other.session)).toMatchObject({ status: 200 }); // still unpaid
    const session = fake.sessions.get(other.session);
    if (!session) throw new Error('no session');
    session.metadata = { payment_hash: 'not-a-payment-of-this-shop' };
    session.client_reference_id = 'not-a-payment-of-this-shop';
    session.payment_status = 'paid';
    expect(await fake.send('checkout.session.completed', other.session)).toMatchObject({ status: 200 });
    expect(await stateOf(other)).toEqual({ payment: 'pending', orders: ['PENDING'] });
    expect(await eventKeys(other.paymentHash)).toEqual([]);
  });

  it('answers 5xx when the payment cannot be recorded, so Stripe retries; the retry records it once', async () => {
    const bought = await buy();
    await shop.db.execute(sql`alter table payment_events rename to payment_events_away`);
    let failed;
    try {
      failed = await fake.pay(bought.session);
    } finally {
      await shop.db.execute(sql`alter table payment_events_away rename to payment_events`);
    }
    expect(failed?.status).toBe(500);
    expect(JSON.parse(failed?.body ?? '{}')).toEqual({ ok: false, error: 'INTERNAL_ERROR', message: 'Something went wrong on our side' });
    expect(await stateOf(bought)).toEqual({ payment: 'pending', orders: ['PENDING'] });

    expect(await fake.send('checkout.session.completed', bought.session, { id: failed?.event as string })).toMatchObject({ status: 200 });
    expect(await stateOf(bought)).toEqual({ payment: 'paid', orders: ['PAID'] });
    expect(await eventKeys(bought.paymentHash)).toEqual([`stripe:${failed?.event}`]);
  });

  it.each([
    ['checkout.session.completed', { payment_status: 'paid' }, 'paid'],
    ['checkout.session.completed', { payment_status: 'unpaid' }, null],
    ['checkout.session.completed', { payment_status: 'no_payment_required' }, null],
    ['checkout.session.async_payment_succeeded', {}, 'paid'],
    ['checkout.session.async_payment_failed', {}, 'failed'],
    ['checkout.session.expired', { status: 'expired' }, 'cancelled'],
    ['checkout.session.completed', { payment_status: 'paid', metadata: {}, client_reference_id: 'p-ref' }, 'paid'],
    ['checkout.session.completed', { payment_status: 'paid', metadata: {}, client_reference_id: null }, null],
    ['checkout.session.completed', { payment_status: 'paid', object: 'payment_intent' }, null],
    ['payment_intent.succeeded', { payment_status: 'paid' }, null],
  ])('reads %s with %j as %s', (type, fields, outcome) => {
    const session = {
      id: 'cs_1',
      object: 'checkout.session',
      status: 'complete',
      payment_status: 'unpaid',
      client_reference_id: 'p-1',
      metadata: { payment_hash: 'p-1' },
      ...fields,
    };
    const event = { id: 'evt_1', object: 'event', type, data: { object: session } } as unknown as Parameters<typeof checkoutEventOutcome>[0];
    const read = checkoutEventOutcome(event);
    expect(read?.outcome ?? null).toBe(outcome);
    // The hash comes from metadata.payment_hash, else client_reference_id.
    if (read) expect(read).toMatchObject({ paymentHash: 'client_reference_id' in fields ? fields.client_reference_id : 'p-1', eventKey: 'stripe:evt_1' });
  });

  it('keeps the raw body to itself: the rest of the API still parses JSON', async () => {
    const login = await shop.app.inject({ method: 'POST', url: '/api/client/login', payload: { email: 'demo@tidewater.example', password: 'wrong' } });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toMatchObject({ error: 'INVALID_CREDENTIALS' });
  });
});

describe('Stripe: asking again, cancelling, refunding', () => {
  it("lookup on a return visit: open → null, paid → paid, expired → cancelled; never another payment's session", async () => {
    const gateway = paymentGatewayFor(shop.config);
    fake.setWebhookUrl(undefined);
    try {
      const paid = await buy();
      expect(await gateway.lookup(await providerPayment(paid.paymentHash))).toBeNull();
      await fake.pay(paid.session); // the webhook is lost
      expect(await gateway.lookup(await providerPayment(paid.paymentHash))).toEqual({
        outcome: 'paid',
        eventKey: `stripe:session:${paid.session}:paid`,
        payload: { session: paid.session, payment_status: 'paid' },
      });

      const expired = await buy();
      await fake.expire(expired.session);
      expect(await gateway.lookup(await providerPayment(expired.paymentHash))).toMatchObject({
        outcome: 'cancelled',
        eventKey: `stripe:session:${expired.session}:expired`,
      });

      expect(await gateway.lookup({ ...(await providerPayment(expired.paymentHash)), providerReference: paid.session })).toBeNull();
      expect(await gateway.lookup({ ...(await providerPayment(expired.paymentHash)), providerReference: null })).toBeNull();
    } finally {
      fake.setWebhookUrl(`${address}/api/payments/stripe/webhook`);
    }
  });

  it('a shopper back on the return page before the (lost) webhook sees the order paid: GET /api/orders/{hash} asks Stripe', async () => {
    const bought = await buy();
    fake.setWebhookUrl(undefined);
    try {
      await fake.pay(bought.session);
    } finally {
      fake.setWebhookUrl(`${address}/api/payments/stripe/webhook`);
    }
    expect(await stateOf(bought)).toEqual({ payment: 'pending', orders: ['PENDING'] });
    const status = await shop.app.inject({ method: 'GET', url: `/api/orders/${bought.orderHashes[0]}` });
    expect(status.json()).toMatchObject({ status: 'PAID', payment: { status: 'paid', gateway: 'stripe' } });
    expect(await eventKeys(bought.paymentHash)).toEqual([`stripe:session:${bought.session}:paid`]);
    // The webhook that finally arrives changes nothing.
    expect(await fake.send('checkout.session.completed', bought.session)).toMatchObject({ status: 200 });
    expect(await eventKeys(bought.paymentHash)).toHaveLength(1);
  });

  it("the Checkout page's back link (GET) changes nothing: 303 to the return page, the session still payable", async () => {
    const bought = await buy();
    for (let visit = 0; visit < 2; visit++) {
      const response = await shop.app.inject({ method: 'GET', url: `/api/payments/stripe/cancel/${bought.paymentHash}` });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(`/checkout/return/${bought.orderHashes[0]}`);
    }
    expect(fake.sessions.get(bought.session)?.status).toBe('open');
    expect(await stateOf(bought)).toEqual({ payment: 'pending', orders: ['PENDING'] });
    expect(await eventKeys(bought.paymentHash)).toEqual([]);
    expect((await shop.app.inject({ method: 'GET', url: '/api/payments/stripe/cancel/unknown' })).statusCode).toBe(404);
    // Paying after all still works.
    await fake.pay(bought.session);
    expect(await stateOf(bought)).toEqual({ payment: 'paid', orders: ['PAID'] });
  });

  it("cancel (POST): expires the session at Stripe, CANCELLED once (Stripe's own expired event changes nothing), 303 to the return page", async () => {
    const bought = await buy();
    const response = await shop.app.inject({ method: 'POST', url: `/api/payments/stripe/cancel/${bought.paymentHash}` });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/checkout/return/${bought.orderHashes[0]}`);
    expect(fake.sessions.get(bought.session)?.status).toBe('expired');
    expect(await stateOf(bought)).toEqual({ payment: 'cancelled', orders: ['CANCELLED'] });
    await until(
      () =>
        fake.deliveries.some((delivery) => delivery.type === 'checkout.session.expired' && JSON.parse(delivery.body).ok === true && delivery.status === 200),
      'the expired webhook',
    );
    expect(await eventKeys(bought.paymentHash)).toEqual([`stripe:session:${bought.session}:expired`]);

    const again = await shop.app.inject({ method: 'POST', url: `/api/payments/stripe/cancel/${bought.paymentHash}` });
    expect(again.statusCode).toBe(303);
    expect(await eventKeys(bought.paymentHash)).toHaveLength(1);
    expect((await shop.app.inject({ method: 'POST', url: '/api/payments/stripe/cancel/unknown' })).statusCode).toBe(404);
  });

  it('cancel after the shopper paid (webhook not here yet): Stripe refuses to expire, so the payment is settled paid', async () => {
    const bought = await buy();
    fake.setWebhookUrl(undefined);
    try {
      await fake.pay(bought.session);
    } finally {
      fake.setWebhookUrl(`${address}/api/payments/stripe/webhook`);
    }
    const response = await shop.app.inject({ method: 'POST', url: `/api/payments/stripe/cancel/${bought.paymentHash}` });
    expect(response.statusCode).toBe(303);
    expect(fake.sessions.get(bought.session)?.status).toBe('complete');
    expect(await stateOf(bought)).toEqual({ payment: 'paid', orders: ['PAID'] });
    expect(await eventKeys(bought.paymentHash)).toEqual([`stripe:session:${bought.session}:paid`]);
  });

  it("refund: the session's PaymentIntent in full, once per idempotency key", async () => {
    const gateway = paymentGatewayFor(shop.config);
    const bought = await buy();
    const unpaid = gateway.refund(await providerPayment(bought.paymentHash), `refund:${bought.paymentHash}`, 100);
    await expect(unpaid).rejects.toMatchObject({ code: 'PAYMENT_FAILED' });

    await fake.pay(bought.session);
    const payment = await providerPayment(bought.paymentHash);
    const first = await gateway.refund(payment, `refund:${bought.paymentHash}`, payment.amountCents);
    const second = await gateway.refund(payment, `refund:${bought.paymentHash}`, payment.amountCents);
    expect(first.reference).toMatch(/^re_/);
    expect(second).toEqual(first);
    const intent = fake.sessions.get(bought.session)?.payment_intent;
    const refunds = [...fake.refunds.values()].filter((refund) => refund.payment_intent === intent);
    expect(refunds).toEqual([
      expect.objectContaining({
        id: first.reference,
        amount: payment.amountCents,
        currency: 'eur',
        metadata: { payment_hash: bought.paymentHash, refund_key: `refund:${bought.paymentHash}` },
      }),
    ]);
    // Another key is another refund, which Stripe refuses: the money went back already.
    await expect(gateway.refund(payment, `refund:${bought.paymentHash}:other`, payment.amountCents)).rejects.toMatchObject({
      code: 'PAYMENT_FAILED',
      statusCode: 502,
    });
    expect(fake.refunds.size).toBeGreaterThanOrEqual(1);
    expect([...fake.refunds.values()].filter((refund) => refund.payment_intent === intent)).toHaveLength(1);
  });

  it('refund: part of the PaymentIntent when less is asked; partial refunds sum up to what was paid', async () => {
    const gateway = paymentGatewayFor(shop.config);
    const bought = await buy();
    await fake.pay(bought.session);
    const payment = await providerPayment(bought.paymentHash);
    const part = Math.floor(payment.amountCents / 2);
    await gateway.refund(payment, `staff-a-${bought.paymentHash}`, part);
    await gateway.refund(payment, `staff-a-${bought.paymentHash}`, part);
    await expect(gateway.refund(payment, `staff-b-${bought.paymentHash}`, payment.amountCents - part + 1)).rejects.toMatchObject({ code: 'PAYMENT_FAILED' });
    await gateway.refund(payment, `staff-c-${bought.paymentHash}`, payment.amountCents - part);
    const intent = fake.sessions.get(bought.session)?.payment_intent;
    const amounts = [...fake.refunds.values()].filter((refund) => refund.payment_intent === intent).map((refund) => refund.amount);
    expect(amounts).toEqual([part, payment.amountCents - part]);
  });
});

describe("Stripe's own notices: a refund made in its dashboard, a dispute", () => {
  const historyOf = async (bought: Bought) => {
    const row = await paymentRow(bought.paymentHash);
    const ids = (await shop.db.select({ id: orders.id }).from(orders).where(eq(orders.paymentId, row.id))).map((order) => order.id);
    const entries = await shop.db.select().from(orderHistory).where(inArray(orderHistory.orderId, ids)).orderBy(asc(orderHistory.id));
    return entries.map((entry) => [entry.event, entry.actorKind, entry.actorName, entry.detail.amount_cents ?? null]);
  };

  it('records a dashboard refund once, tells the visitor, and cancels the order once all the money is back', async () => {
    const bought = await buy([2]);
    await fake.pay(bought.session);
    const paid = await paymentRow(bought.paymentHash);
    const part = 500;
    const first = await fake.refundInDashboard(bought.session, part);
    expect(first.delivery).toMatchObject({ type: 'refund.created', status: 200 });
    // Stripe delivers an event more than once now and then: it is recorded once.
    expect(await fake.sendObject('refund.created', first.refund, { id: first.delivery?.event })).toMatchObject({ status: 200 });
    expect(await stateOf(bought)).toEqual({ payment: 'paid', orders: ['PAID'] });
    expect(await historyOf(bought)).toEqual([
      ['paid', 'gateway', 'stripe', null],
      ['refunded_by_provider', 'gateway', 'stripe', part],
    ]);
    const told = await shop.db.select().from(outbox).where(eq(outbox.kind, 'order-refunded-by-provider'));
    expect(told.filter((mail) => mail.recipient === customer.email).at(-1)?.text).toContain('We are refunding €5.00 to your card.');

    // The rest, refunded in the dashboard too: nothing may be admitted for it any more.
    await fake.refundInDashboard(bought.session);
    expect(await stateOf(bought)).toEqual({ payment: 'refunded', orders: ['REFUNDED'] });
    expect((await historyOf(bought)).slice(2)).toEqual([
      ['refunded_by_provider', 'gateway', 'stripe', paid.amountCents - part],
      ['cancelled', 'gateway', 'stripe', null],
    ]);
  });

  it('ignores the refund.created of a refund the shop asked for itself; records a dispute once', async () => {
    const bought = await buy();
    await fake.pay(bought.session);
    const payment = await providerPayment(bought.paymentHash);
    const ours = await paymentGatewayFor(shop.config).refund(payment, `staff-own-${bought.paymentHash}`, 100);
    const refund = fake.refunds.get(ours.reference as string);
    expect(await fake.sendObject('refund.created', refund)).toMatchObject({ status: 200 });
    expect(await historyOf(bought)).toEqual([['paid', 'gateway', 'stripe', null]]);

    const disputed = await fake.dispute(bought.session);
    expect(disputed).toMatchObject({ type: 'charge.dispute.created', status: 200 });
    expect(await historyOf(bought)).toEqual([
      ['paid', 'gateway', 'stripe', null],
      ['chargeback', 'gateway', 'stripe', payment.amountCents],
    ]);
    expect(await stateOf(bought)).toEqual({ payment: 'paid', orders: ['PAID'] });
  });
});

describe('Stripe without its configuration', () => {
  it.each([['secretKey'], ['publishableKey'], ['webhookSecret']])('without %s there is no adapter (PAYMENT_FAILED 503)', (key) => {
    expect(() => stripeSetup({ ...stripeConfig(fake.url), [key]: undefined })).toThrow(expect.objectContaining({ code: 'PAYMENT_FAILED', statusCode: 503 }));
  });

  it('refuses orders to pay untouched, and the webhook with 503 so Stripe retries once it is configured', async () => {
    const bare = await createTestShop({ config: { paymentGateway: 'stripe', stripe: { ...stripeConfig(fake.url), webhookSecret: undefined } } });
    try {
      const [product] = await bare.db.select({ id: products.id }).from(products).where(eq(products.slug, 'zoo-guidebook'));
      const refused = await bare.app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: { customer, orders: [{ product: { id: product?.id, quantity: 1 } }] },
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ ok: false, error: 'PAYMENT_FAILED' });
      expect(await bare.db.select().from(orders)).toHaveLength(0);
      expect(await bare.db.select().from(payments)).toHaveLength(0);
      const hook = await bare.app.inject({
        method: 'POST',
        url: '/api/payments/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
        payload: '{}',
      });
      expect(hook.statusCode).toBe(503);
      expect(hook.json()).toMatchObject({ error: 'PAYMENT_FAILED' });
    } finally {
      await bare.close();
    }
  });
});
