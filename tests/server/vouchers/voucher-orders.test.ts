/**
 * POST /api/vouchers on the demo shop on a real database: simulation and order on the checkout
 * core, gift cards issued once when paid (a duplicated payment notice issues no second set), their
 * mail, the stock given back when a payment fails, the printable page, and a gift card paying for tickets.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderResponse } from '#domain/contracts/orders.ts';
import type { GiftCardPage, VoucherCheck, VoucherOrderRequest, VoucherOrderResponse } from '#domain/contracts/vouchers.ts';
import { GIFT_CARD_ALPHABET } from '#domain/gift-card-code.ts';
import {
  giftCards,
  idempotencyKeys,
  orders,
  outbox,
  payments,
  plots,
  products,
  rateLimitWindows,
  voucherValues,
  vouchers,
} from '../../../server/db/schema/index.ts';
import { customerWith } from '../helpers/customers.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';

const NOW = '2030-06-03T07:00:00Z';
let shop: TestShop;
let voucherId: number;
const valueIds: Record<number, number> = {};
const buyer = { ...customerWith('grace@example.test'), first_name: 'Grace', last_name: 'Hopper' };

function post(body: unknown, headers: Record<string, string> = {}) {
  return shop.app.inject({ method: 'POST', url: '/api/vouchers', payload: body as object, headers });
}

const order = (values: Record<number, number>, extra: Partial<VoucherOrderRequest> = {}): VoucherOrderRequest => ({
  customer: buyer,
  voucher: { id: voucherId },
  values: Object.fromEntries(
    Object.entries(values).map(([price, quantity]) => [String(valueIds[Number(price)]), { id: valueIds[Number(price)] as number, quantity }]),
  ),
  language: 'en',
  ...extra,
});

async function pay(hash: string, action: 'pay' | 'fail' = 'pay') {
  return shop.app.inject({ method: 'POST', url: `/api/test-gateway/${hash}/${action}` });
}

async function buy(values: Record<number, number>, extra: Partial<VoucherOrderRequest> = {}) {
  const response = await post(order(values, extra));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<VoucherOrderResponse>();
}

const cardsOf = async (orderHash: string) => {
  const [row] = await shop.db.select({ id: orders.id }).from(orders).where(eq(orders.hash, orderHash));
  return shop.db
    .select()
    .from(giftCards)
    .where(eq(giftCards.orderId, row?.id ?? -1));
};

beforeAll(async () => {
  shop = await createTestShop({ now: NOW });
  const [voucher] = await shop.db.select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.slug, 'gift-voucher'));
  voucherId = voucher?.id as number;
  for (const value of await shop.db.select().from(voucherValues).where(eq(voucherValues.voucherId, voucherId))) valueIds[value.priceCents] = value.id;
});
afterAll(() => shop.close());
beforeEach(async () => {
  await shop.db.delete(rateLimitWindows);
  await shop.db.delete(outbox);
});

describe('POST /api/vouchers simulate', () => {
  it('prices the values chosen, with the booking fee while the total is above 0, and writes nothing', async () => {
    const before = await shop.db.$count(payments);
    const answer = await buy({ 2500: 2, 5000: 1 }, { simulate: true, customer: { first_name: '', last_name: '', email: '', fields: {} } });
    expect(answer).toEqual({
      ok: true,
      response: { order: { status: null, hash: null, quantity: 3, invoice: false, prices: { subtotal: 100, additions: 1, total: 101 } }, payment: null },
    });
    expect(await shop.db.$count(payments)).toBe(before);
  });

  it('refuses quantities outside the voucher limits, unknown values and sold-out values with codes', async () => {
    const none = await post(order({ 2500: 0 }, { simulate: true }));
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ ok: false, error: 'QUANTITY_INVALID' });
    const tooMany = await post(order({ 2500: 11 }, { simulate: true }));
    expect(tooMany.json()).toMatchObject({ error: 'QUANTITY_INVALID' });
    const soldOut = await post(order({ 10000: 4 }, { simulate: true }));
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json()).toMatchObject({ error: 'VOUCHER_SOLD_OUT' });
    const foreign = await post({ ...order({}), values: { '999999': { id: 999999, quantity: 1 } }, simulate: true });
    expect(foreign.json()).toMatchObject({ error: 'QUANTITY_INVALID' });
    const miscounted = await post(order({ 2500: 2 }, { voucher: { id: voucherId, quantity: 3 }, simulate: true }));
    expect(miscounted.statusCode).toBe(400);
    expect(miscounted.json()).toMatchObject({ error: 'QUANTITY_INVALID', fields: { 'voucher.quantity': 'not_the_sum_of_values' } });
    const unknown = await post({ ...order({ 2500: 1 }), voucher: { id: 999999 }, simulate: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'VOUCHER_NOT_FOUND' });
  });

  it('checks the customer on an order', async () => {
    const response = await post(order({ 2500: 1 }, { customer: { first_name: 'Grace', last_name: '', email: 'not-an-email', fields: {} } }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'CUSTOMER_INVALID' });
  });
});

describe('POST /api/vouchers order', () => {
  it('starts a test-gateway payment; paying issues one gift card per voucher, once, with one mail', async () => {
    const enrichment = { utm_source: 'instagram', landing_path: '/voucher/1/gift-voucher' };
    const answer = await buy({ 2500: 2 }, { voucher: { id: voucherId, quantity: 2 }, enrichment });
    const { order: placed, payment } = answer.response;
    expect(placed).toMatchObject({ status: 'PENDING', quantity: 2, prices: { subtotal: 50, additions: 1, total: 51 } });
    expect(
      (
        await shop.db
          .select({ enrichment: orders.enrichment })
          .from(orders)
          .where(eq(orders.hash, placed.hash as string))
      )[0]?.enrichment,
    ).toEqual(enrichment);
    expect(
      (
        await shop.db
          .select()
          .from(payments)
          .where(eq(payments.hash, payment?.hash as string))
      )[0]?.amountCents,
    ).toBe(5100);
    expect(payment).toMatchObject({ type: 'REDIRECT', gateway: 'test', transaction: { response: { url: `/api/test-gateway/${payment?.hash}` } } });
    expect(await cardsOf(placed.hash as string)).toEqual([]);

    expect((await pay(payment?.hash as string)).statusCode).toBe(303);
    const cards = await cardsOf(placed.hash as string);
    expect(cards).toHaveLength(2);
    for (const card of cards) {
      expect(card.code).toMatch(new RegExp(`^([${GIFT_CARD_ALPHABET}]{5}-){3}[${GIFT_CARD_ALPHABET}]{5}$`));
      expect(card).toMatchObject({ creditCents: 2500, valueCents: 2500, voucherId, expiresOn: '2031-06-03' });
      expect(card.pageHash).toMatch(/^[0-9a-f]{32}$/);
    }
    expect(new Set(cards.map((card) => card.code)).size).toBe(2);

    // A duplicated notice (the same and another event) issues nothing more and mails nothing more.
    await pay(payment?.hash as string);
    await shop.app.services.settlement.settle(payment?.hash as string, 'paid', { key: 'webhook:duplicate' });
    expect(await cardsOf(placed.hash as string)).toHaveLength(2);
    const mails = await shop.db.select().from(outbox).where(eq(outbox.kind, 'gift-cards'));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.recipient).toBe('grace@example.test');
    for (const card of cards) {
      expect(mail?.text).toContain(card.code);
      expect(mail?.text).toContain(`${shop.config.publicUrl}/gift-card/${card.pageHash}`);
    }
    expect(mail?.text).toContain('€25.00');
    // No ticket confirmation for a voucher order.
    expect(await shop.db.select().from(outbox).where(eq(outbox.kind, 'order-confirmation'))).toEqual([]);
  });

  it('confirms a business order on invoice with nothing paid online: the gift cards issued, the details kept; refuses it without them or where not offered', async () => {
    const business = { ...buyer, company: 'Analytical Engines BV', vat_id: 'NL123456789B01', city: 'Amsterdam' };
    const simulated = await buy({ 2500: 2 }, { customer: business, invoice: true, simulate: true });
    expect(simulated.response.order).toMatchObject({ invoice: true, prices: { total: 51 } });

    const answer = await buy({ 2500: 2 }, { customer: business, invoice: true });
    const { order: placed, payment } = answer.response;
    expect(placed).toMatchObject({ status: 'PAID', invoice: true, prices: { total: 51 } });
    expect(payment).toMatchObject({ gateway: 'invoice', transaction: false });
    const [row] = await shop.db
      .select()
      .from(orders)
      .where(eq(orders.hash, placed.hash as string));
    expect(row).toMatchObject({
      invoice: true,
      totalCents: 5100,
      invoiceDetails: { company: 'Analytical Engines BV', vat_id: 'NL123456789B01', address: null, zipcode: null, city: 'Amsterdam' },
    });
    expect(
      (
        await shop.db
          .select()
          .from(payments)
          .where(eq(payments.hash, payment?.hash as string))
      )[0],
    ).toMatchObject({ status: 'paid', amountCents: 0 });
    expect(await cardsOf(placed.hash as string)).toHaveLength(2);

    const ordersBefore = (await shop.db.select({ id: orders.id }).from(orders)).length;
    const missing = await post(order({ 2500: 1 }, { customer: { ...business, vat_id: null }, invoice: true }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'INVOICE_DETAILS_MISSING', fields: { 'customer.vat_id': 'required' } });
    await shop.db.execute(sql`update organisations set allow_business = false`);
    try {
      const notOffered = await post(order({ 2500: 1 }, { customer: business, invoice: true, simulate: true }));
      expect(notOffered.statusCode).toBe(400);
      expect(notOffered.json()).toMatchObject({ error: 'INVOICE_NOT_AVAILABLE' });
    } finally {
      await shop.db.execute(sql`update organisations set allow_business = true`);
    }
    expect((await shop.db.select({ id: orders.id }).from(orders)).length).toBe(ordersBefore);
  });

  it('mails in the buyer language', async () => {
    const answer = await buy({ 5000: 1 }, { language: 'de' });
    await pay(answer.response.payment?.hash as string);
    const [mail] = await shop.db.select().from(outbox).where(eq(outbox.kind, 'gift-cards'));
    expect(mail?.subject).toContain('Ihre Geschenkgutscheine');
    expect(mail?.text).toContain('50,00');
  });

  it('takes stock of a limited value, and a failed payment gives it back and issues nothing', async () => {
    const stock = async () =>
      (
        await shop.db
          .select()
          .from(voucherValues)
          .where(eq(voucherValues.id, valueIds[10000] as number))
      )[0]?.availability;
    const before = (await stock()) as number;
    const answer = await buy({ 10000: 2 });
    expect(await stock()).toBe(before - 2);
    await pay(answer.response.payment?.hash as string, 'fail');
    expect(await stock()).toBe(before);
    expect(await cardsOf(answer.response.order.hash as string)).toEqual([]);
  });

  it('answers a retry whose first answer was lost from the voucher order it wrote (Idempotency-Key), and sells once', async () => {
    const key = { 'idempotency-key': 'voucher-lost-answer' };
    const first = await post(order({ 2500: 1 }, { customer: customerWith('lost-voucher@example.test') }), key);
    expect(first.statusCode, first.body).toBe(200);
    // As if the process had died after the commit, before the answer was kept, and its lease were over.
    await shop.db
      .update(idempotencyKeys)
      .set({ status: null, headers: null, body: null, claim: 'gone', lockedUntil: new Date(Date.parse(NOW) - 1000) })
      .where(eq(idempotencyKeys.key, 'voucher-lost-answer'));
    const retry = await post(order({ 2500: 1 }, { customer: customerWith('lost-voucher@example.test') }), key);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    const sold = await shop.db
      .select({ id: orders.id })
      .from(orders)
      .where(sql`${orders.customer}->>'email' = 'lost-voucher@example.test'`);
    expect(sold).toHaveLength(1);
  });

  it('serves the printable gift card page by its secret, with the code as a QR code', async () => {
    const answer = await buy({ 2500: 1 });
    await pay(answer.response.payment?.hash as string);
    const [card] = await cardsOf(answer.response.order.hash as string);
    const response = await shop.app.inject({ method: 'GET', url: `/api/gift-cards/${card?.pageHash}` });
    expect(response.statusCode).toBe(200);
    const page = response.json<GiftCardPage>();
    expect(page).toMatchObject({ code: card?.code, credit: 25, value: 25, expiration: '2031-06-03', title: 'Gift voucher' });
    expect(page.qr).toMatch(/^<svg[\s\S]*<path/);
    const unknown = await shop.app.inject({ method: 'GET', url: `/api/gift-cards/${'0'.repeat(32)}` });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('a gift card bought here pays for tickets', () => {
  it('takes part of its credit in the ticket checkout; the rest stays on the card', async () => {
    const answer = await buy({ 5000: 1 });
    await pay(answer.response.payment?.hash as string);
    const [card] = await cardsOf(answer.response.order.hash as string);
    const [product] = await shop.db.select({ id: products.id }).from(products).where(eq(products.slug, 'zoo-day-ticket'));
    const [plot] = await shop.db
      .select({ id: plots.id })
      .from(plots)
      .where(and(eq(plots.productId, product?.id as number), eq(plots.date, '2030-06-04')));
    const typed = (card?.code as string).replaceAll('-', ' ').toLowerCase();
    const ticket = await shop.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { customer: customerWith('grace@example.test'), coupon: [typed], orders: [{ product: { id: product?.id, plot: plot?.id, quantity: 1 } }] },
    });
    expect(ticket.statusCode, ticket.body).toBe(200);
    const discount = ticket.json<OrderResponse>().response.orders[0]?.prices.discount as number;
    expect(discount).toBeGreaterThan(0);
    expect(discount).toBeLessThan(50);
    const check = await shop.app.inject({ method: 'GET', url: `/api/voucher/check/${card?.code}` });
    expect(check.json<VoucherCheck>()).toEqual({ code: card?.code, credit: 50 - discount, expiration: '2031-06-03' });
    expect(await shop.db.$count(giftCards, inArray(giftCards.code, [card?.code as string]))).toBe(1);
  });

  it('is accepted by the coupon preview of a signed-in client', async () => {
    const answer = await buy({ 2500: 1 });
    await pay(answer.response.payment?.hash as string);
    const [card] = await cardsOf(answer.response.order.hash as string);
    const login = await shop.app.inject({ method: 'POST', url: '/api/client/login', payload: { email: 'demo@tidewater.example', password: 'tidewater-demo' } });
    const cookie = String([login.headers['set-cookie']].flat()[0]).split(';')[0] ?? '';
    const preview = await shop.app.inject({
      method: 'POST',
      url: '/api/coupon',
      headers: { cookie },
      payload: { type: 'PRODUCT', products: [1], coupon: card?.code, coupons: [] },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({ type: 'VOUCHER', data: { barcode: card?.code, credit: 25, expiration: '2031-06-03' } });
  });
});
