/**
 * POST /api/orders against the demo shop on a real database: server-side prices, simulations that
 * write nothing, every refusal, all-or-nothing carts, holds that expire, reservations, gift cards,
 * orders with nothing to pay, and the read endpoints GET /api/orders/{hash} and /api/reservation/{hash}.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderRequest, OrderResponse, OrderStatusView } from '#domain/contracts/orders.ts';
import {
  audiences,
  couponRedemptions,
  coupons,
  customerFields,
  giftCards,
  holds,
  orderLines,
  orders,
  payments,
  plots,
  productAudiences,
  products,
  rateLimitWindows,
  upsells,
} from '../../../server/db/schema/index.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';
import { customer } from '../helpers/customers.ts';

// A Monday morning in Amsterdam; the seed plots start today.
const NOW = '2030-06-03T07:00:00Z';
const TODAY = '2030-06-03';
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

let shop: TestShop;
const ids = { product: {} as Record<string, number>, audience: {} as Record<string, number>, upsell: {} as Record<string, number> };

async function productId(slug: string) {
  const [row] = await shop.db.select({ id: products.id }).from(products).where(eq(products.slug, slug));
  if (!row) throw new Error(slug);
  return row.id;
}

async function plotId(slug: string, date: string, start: string | null) {
  const [row] = await shop.db
    .select({ id: plots.id })
    .from(plots)
    .where(
      and(
        eq(plots.productId, ids.product[slug] as number),
        eq(plots.date, date),
        start === null ? sql`${plots.startTime} is null` : eq(plots.startTime, start),
      ),
    );
  if (!row) throw new Error(`no plot ${slug} ${date} ${start}`);
  return row.id;
}

function post(body: unknown, cookie?: string) {
  return shop.app.inject({ method: 'POST', url: '/api/orders', payload: body as object, headers: cookie ? { cookie } : {} });
}

async function signIn(): Promise<string> {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/client/login',
    payload: { email: 'demo@tidewater.example', password: 'tidewater-demo' },
  });
  expect(response.statusCode).toBe(200);
  const raw = response.headers['set-cookie'];
  return ((Array.isArray(raw) ? raw : [raw ?? '']).find((line) => line.startsWith('shop_session=')) ?? '').split(';')[0] ?? '';
}

function aquariumLine(plot: number, extra: Partial<OrderRequest['orders'][number]> = {}) {
  return {
    product: { id: ids.product['aquarium-entry'] as number, plot, quantity: 3 },
    audiences: { [ids.audience.adult as number]: { quantity: 2 }, [ids.audience.child as number]: { quantity: 1 } },
    upsells: { [ids.upsell.audio as number]: { quantity: 1 }, [ids.upsell.donation as number]: { quantity: 1, price: 5 } },
    ...extra,
  };
}

function guidebookLine(quantity = 1) {
  return { product: { id: ids.product['zoo-guidebook'] as number, quantity } };
}

const ok = (response: LightMyRequestResponse) => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as OrderResponse;
};

function refused(response: LightMyRequestResponse, code: string, status?: number) {
  expect(response.json().error, response.body).toBe(code);
  if (status) expect(response.statusCode).toBe(status);
  else expect(response.statusCode).toBeGreaterThanOrEqual(400);
  expect(response.statusCode).toBeLessThan(500);
  expect(response.json().ok).toBe(false);
}

async function counts() {
  const [o] = await shop.db.select({ n: count() }).from(orders);
  const [h] = await shop.db.select({ n: count() }).from(holds);
  const [p] = await shop.db.select({ n: count() }).from(payments);
  const [r] = await shop.db.select({ n: count() }).from(couponRedemptions);
  const [l] = await shop.db.select({ n: count() }).from(orderLines);
  const used = await shop.db.select({ code: coupons.code, used: coupons.usedCount }).from(coupons);
  const sold = await shop.db.select({ sum: sql<number>`sum(${plots.sold})::int`, orders: sql<number>`sum(${plots.orderCount})::int` }).from(plots);
  const credit = await shop.db.select({ code: giftCards.code, credit: giftCards.creditCents }).from(giftCards);
  return { orders: o?.n, holds: h?.n, payments: p?.n, redemptions: r?.n, lines: l?.n, used, sold, credit };
}

async function plotState(id: number) {
  const [row] = await shop.db.select({ sold: plots.sold, orderCount: plots.orderCount, capacity: plots.capacity }).from(plots).where(eq(plots.id, id));
  const [held] = await shop.db
    .select({ n: sql<number>`coalesce(sum(${holds.quantity}), 0)::int` })
    .from(holds)
    .where(and(eq(holds.plotId, id), sql`${holds.expiresAt} > ${shop.clock.now().toISOString()}`));
  return { ...row, held: Number(held?.n ?? 0) };
}

let monday10: number;

beforeAll(async () => {
  shop = await createTestShop({ now: NOW });
  for (const slug of ['aquarium-entry', 'zoo-guidebook', 'behind-the-scenes', 'school-group-visit', 'zoo-day-ticket', 'penguin-feeding']) {
    ids.product[slug] = await productId(slug);
  }
  const audienceRows = await shop.db
    .select({ id: audiences.id, texts: audiences.texts, productId: productAudiences.productId })
    .from(audiences)
    .innerJoin(productAudiences, eq(productAudiences.audienceId, audiences.id));
  for (const row of audienceRows) {
    const name = (row.texts as Record<string, { name: string }>).en?.name ?? '';
    if (name === 'Adult') ids.audience.adult = row.id;
    if (name.startsWith('Child')) ids.audience.child = row.id;
    if (name === 'Pupil') ids.audience.pupil = row.id;
    if (name === 'Teacher') ids.audience.teacher = row.id;
    if (name === 'Staff') ids.audience.staff = row.id;
  }
  for (const row of await shop.db.select({ id: upsells.id, type: upsells.upsellType, texts: upsells.texts }).from(upsells)) {
    const title = (row.texts as Record<string, { title: string }>).en?.title ?? '';
    if (title === 'Audio guide') ids.upsell.audio = row.id;
    if (row.type === 'DONATION') ids.upsell.donation = row.id;
    if (title.startsWith('Penguin photo')) ids.upsell.photo = row.id;
  }
  monday10 = await plotId('aquarium-entry', addDays(TODAY, 7), '10:00:00');
});

afterAll(async () => {
  await shop?.close();
});

beforeEach(async () => {
  shop.clock.set(NOW);
  // The clock stands still, so every code checked in this file would share one window of the code-guessing limits.
  await shop.db.delete(rateLimitWindows);
});

describe('POST /api/orders: prices', () => {
  it('prices the demo cart on the server: 2 adults + 1 child, audio guide, donation, booking fee', async () => {
    const answer = ok(await post({ customer, simulate: true, orders: [aquariumLine(monday10)] }));
    expect(answer.response.orders).toEqual([
      { order: null, payment: null, invoice: false, prices: { product: 46.5, upsell: 9, subtotal: 55.5, discount: 0, additions: 1, total: 56.5 } },
    ]);
  });

  it('takes SUMMER10 off the tickets only for the signed-in demo client', async () => {
    const cookie = await signIn();
    const answer = ok(await post({ customer, simulate: true, coupon: ['summer10'], orders: [aquariumLine(monday10)] }, cookie));
    expect(answer.response.orders[0]?.prices).toEqual({ product: 46.5, upsell: 9, subtotal: 55.5, discount: 4.65, additions: 1, total: 51.85 });
  });

  it('ignores any price the client sends except the donation amount', async () => {
    const line = aquariumLine(monday10, { upsells: { [ids.upsell.audio as number]: { quantity: 2, price: 0 } } });
    const answer = ok(await post({ customer, simulate: true, orders: [line] }));
    expect(answer.response.orders[0]?.prices.upsell).toBe(8);
  });

  it('prices a FIXED product and a cart of two lines, the booking fee once, on the first', async () => {
    const answer = ok(await post({ customer, simulate: true, orders: [guidebookLine(2), aquariumLine(monday10)] }));
    expect(answer.response.orders.map((line) => [line.prices.additions, line.prices.total])).toEqual([
      [1, 26.9],
      [0, 55.5],
    ]);
  });

  it('a simulation writes nothing, even with a gift card, and needs no real customer', async () => {
    const before = await counts();
    const placeholder = { first_name: '-', last_name: '-', email: '-' };
    const answer = ok(await post({ customer: placeholder, simulate: true, coupon: ['GIFT-DEMO-2500'], orders: [aquariumLine(monday10)] }));
    expect(answer.response.orders[0]?.prices).toMatchObject({ discount: 25, total: 31.5 });
    // per-line simulate flag too
    ok(await post({ customer: placeholder, orders: [{ ...aquariumLine(monday10), simulate: true }] }));
    expect(await counts()).toEqual(before);
  });
});

describe('POST /api/orders: refusals', () => {
  // One request per refusal code: the rules behind each (quantities, audiences, upsells, slots,
  // coupons) are tested on their own in tests/server-rules/.
  const cases: [string, () => Promise<unknown>, string][] = [
    ['an unknown product', async () => ({ customer, orders: [{ product: { id: 999_999, quantity: 1 } }] }), 'PRODUCT_NOT_AVAILABLE'],
    ['a product with days but no plot', async () => ({ customer, orders: [aquariumLine(null as unknown as number)] }), 'PLOT_REQUIRED'],
    [
      'a plot of another product',
      async () => ({ customer, orders: [aquariumLine(await plotId('penguin-feeding', addDays(TODAY, 7), '11:30:00'))] }),
      'PLOT_NOT_AVAILABLE',
    ],
    ['a sold-out plot', async () => ({ customer, orders: [aquariumLine(await plotId('aquarium-entry', addDays(TODAY, 2), '14:00:00'))] }), 'PLOT_SOLD_OUT'],
    ['too many tickets', async () => ({ customer, orders: [{ product: { id: ids.product['zoo-guidebook'], quantity: 6 } }] }), 'QUANTITY_INVALID'],
    [
      'an audience of another product',
      async () => ({
        customer,
        orders: [
          { product: { id: ids.product['aquarium-entry'], plot: monday10, quantity: 1 }, audiences: { [ids.audience.pupil as number]: { quantity: 1 } } },
        ],
      }),
      'AUDIENCE_INVALID',
    ],
    [
      'an upsell of another product',
      async () => ({ customer, orders: [aquariumLine(monday10, { upsells: { [ids.upsell.photo as number]: { quantity: 1 } } })] }),
      'UPSELL_INVALID',
    ],
    ['an unknown code', async () => ({ customer, coupon: ['NOPE'], orders: [guidebookLine()] }), 'COUPON_INVALID'],
    // A coupon needs signing in; anonymously it answers as an unknown code (security/code-guessing.ts).
    ['a coupon without signing in', async () => ({ customer, coupon: ['SUMMER10'], orders: [guidebookLine()] }), 'COUPON_INVALID'],
    ['a reservation of products that allow none', async () => ({ customer, action: 'reserve', orders: [guidebookLine()] }), 'RESERVATION_NOT_ALLOWED'],
    [
      'a customer without e-mail confirmation',
      async () => ({ customer: { ...customer, fields: { heard_about_us: 'friends' } }, orders: [guidebookLine()] }),
      'CUSTOMER_INVALID',
    ],
    ['a rebooking with a wrong secret', async () => ({ customer, orders: [{ ...guidebookLine(), rebook: 'x', rebook_secret: 'y' }] }), 'REBOOK_NOT_ALLOWED'],
  ];
  it.each(cases)('refuses %s', async (_name, body, code) => {
    const before = await counts();
    refused(await post(await body()), code);
    expect(await counts()).toEqual(before);
  });

  it('checks the customer against the fields as they are now, however often they change between submissions', async () => {
    const withoutHeard = { ...customer, fields: { email_confirm: customer.email } };
    const setRequired = (required: boolean) => shop.db.update(customerFields).set({ required }).where(eq(customerFields.name, 'heard_about_us'));
    ok(await post({ customer, orders: [guidebookLine()] }));
    refused(await post({ customer: withoutHeard, orders: [guidebookLine()] }), 'CUSTOMER_INVALID', 400);
    await setRequired(false);
    try {
      ok(await post({ customer: withoutHeard, orders: [guidebookLine()] }));
    } finally {
      await setRequired(true);
    }
    refused(await post({ customer: withoutHeard, orders: [guidebookLine()] }), 'CUSTOMER_INVALID', 400);
  });

  it('refuses the school visit beyond its order limit', async () => {
    const school = ids.product['school-group-visit'] as number;
    const plot = await plotId('school-group-visit', addDays(TODAY, 7), '09:30:00');
    const schoolCustomer = { ...customer, fields: { ...customer.fields, group_size: '12' } };
    const line = (aud: Record<number, { quantity: number }>, quantity: number) => ({ product: { id: school, plot, quantity }, audiences: aud });
    const good = line({ [ids.audience.pupil as number]: { quantity: 10 }, [ids.audience.teacher as number]: { quantity: 1 } }, 11);
    ok(await post({ customer: schoolCustomer, action: 'reserve', orders: [good] }));
    ok(await post({ customer: schoolCustomer, action: 'reserve', orders: [good] }));
    refused(await post({ customer: schoolCustomer, action: 'reserve', orders: [good] }), 'ORDER_LIMIT_REACHED', 409);
  });

  it('refuses expired and used-up coupons, and expired or empty gift cards', async () => {
    const cookie = await signIn();
    refused(await post({ customer, coupon: ['EXPIRED'], orders: [guidebookLine()] }, cookie), 'COUPON_EXPIRED');
    // Used up and empty answer as unknown (server/security/abuse-limits.ts): telling them apart would help a guesser.
    refused(await post({ customer, coupon: ['USEDUP'], orders: [guidebookLine()] }, cookie), 'COUPON_INVALID');
    await shop.db
      .update(coupons)
      .set({ products: [ids.product['penguin-feeding'] as number] })
      .where(eq(coupons.code, 'FIVEOFF'));
    refused(await post({ customer, coupon: ['FIVEOFF'], orders: [guidebookLine()] }, cookie), 'COUPON_NOT_APPLICABLE');
    await shop.db.update(coupons).set({ products: [] }).where(eq(coupons.code, 'FIVEOFF'));
    await shop.db.insert(giftCards).values([
      { code: 'GIFT-OLD', creditCents: 1000, expiresOn: addDays(TODAY, -1) },
      { code: 'GIFT-EMPTY', creditCents: 0, expiresOn: null },
    ]);
    refused(await post({ customer, coupon: ['gift-old'], orders: [guidebookLine()] }), 'GIFT_CARD_EXPIRED');
    refused(await post({ customer, coupon: ['GIFT-EMPTY'], orders: [guidebookLine()] }), 'COUPON_INVALID');
  });
});

describe('POST /api/orders: capacity', () => {
  it('a two-line cart whose second line is sold out leaves no order, hold, coupon use or credit change', async () => {
    const cookie = await signIn();
    const full = await plotId('aquarium-entry', addDays(TODAY, 8), '12:00:00');
    await shop.db.update(plots).set({ sold: 39 }).where(eq(plots.id, full));
    const before = await counts();
    // Line 1 fits, line 2 asks 3 of the 1 place left: checked inside the transaction too (the cache of reads is bypassed by selling meanwhile).
    refused(
      await post({ customer, coupon: ['SUMMER10', 'GIFT-DEMO-FOREVER'], orders: [aquariumLine(monday10), aquariumLine(full)] }, cookie),
      'PLOT_SOLD_OUT',
      409,
    );
    expect(await counts()).toEqual(before);
  });

  it('holds count against capacity until they expire; reserve keeps the places', async () => {
    const plot = await plotId('behind-the-scenes', addDays(TODAY, 7), '09:00:00');
    const btsCustomer = { ...customer, fields: { ...customer.fields, date_of_birth: '1990-01-01', safety_rules: true } };
    const line = (quantity: number) => ({ product: { id: ids.product['behind-the-scenes'] as number, plot, quantity } });
    const paid = ok(await post({ customer: btsCustomer, orders: [line(5)] }));
    expect(paid.response.orders[0]?.order?.status).toBe('PENDING');
    expect(await plotState(plot)).toMatchObject({ sold: 0, held: 5, capacity: 8 });
    refused(await post({ customer: btsCustomer, orders: [line(4)] }), 'PLOT_SOLD_OUT', 409);

    // 15 minutes later the hold no longer counts.
    shop.clock.set(new Date(Date.parse(NOW) + 15 * 60_000 + 1000));
    expect(await plotState(plot)).toMatchObject({ held: 0 });
    const reserved = ok(await post({ customer: btsCustomer, action: 'reserve', orders: [line(8)] }));
    expect(reserved.response.orders[0]).toMatchObject({ order: { status: 'RESERVED' }, payment: null });
    expect(await plotState(plot)).toMatchObject({ sold: 8, held: 0 });
    // Reserved places stay taken whatever the clock says.
    shop.clock.set(new Date(Date.parse(NOW) + 48 * 3_600_000));
    refused(await post({ customer: btsCustomer, orders: [line(1)] }), 'PLOT_SOLD_OUT', 409);
  });

  it('HOLD_MINUTES from the configuration overrides the organisation', async () => {
    const other = await createTestShop({ now: NOW, config: { holdMinutes: 2 } });
    try {
      const response = await other.app.inject({ method: 'POST', url: '/api/orders', payload: { customer, orders: [aquariumLine(monday10)] } });
      expect(response.statusCode, response.body).toBe(200);
      const [hold] = await other.db.select().from(holds);
      expect(hold?.expiresAt.toISOString()).toBe(new Date(Date.parse(NOW) + 2 * 60_000).toISOString());
    } finally {
      await other.close();
    }
  });
});

describe('POST /api/orders: submissions', () => {
  it('creates one order per line sharing a payment, a hold each, and a test-gateway redirect', async () => {
    const plot = await plotId('aquarium-entry', addDays(TODAY, 9), '10:00:00');
    const answer = ok(await post({ customer, orders: [aquariumLine(plot), guidebookLine()] }));
    const [first, second] = answer.response.orders;
    expect(first?.order?.status).toBe('PENDING');
    expect(first?.payment).toEqual(second?.payment);
    expect(first?.payment).toMatchObject({
      type: 'REDIRECT',
      gateway: 'test',
      transaction: { response: { url: `/api/test-gateway/${first?.payment?.hash}` } },
    });
    const [payment] = await shop.db
      .select()
      .from(payments)
      .where(eq(payments.hash, first?.payment?.hash ?? ''));
    // The booking fee once per submission: on the first order (in its 5650), not on the guidebook's.
    expect(payment).toMatchObject({ amountCents: 5650 + 1295, status: 'pending' });
    expect(await plotState(plot)).toMatchObject({ held: 3, sold: 0, orderCount: 1 });
    const [order] = await shop.db
      .select()
      .from(orders)
      .where(eq(orders.hash, first?.order?.hash ?? ''));
    expect(order).toMatchObject({ productCents: 4650, upsellCents: 900, additionsCents: 100, totalCents: 5650, quantity: 3 });
    const lines = await shop.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order?.id ?? 0));
    expect(lines.map((line) => [line.kind, line.quantity, line.unitPriceCents]).sort()).toEqual(
      [
        ['AUDIENCE', 1, 950],
        ['AUDIENCE', 2, 1850],
        ['UPSELL', 1, 400],
        ['UPSELL', 1, 500],
      ].sort(),
    );
  });

  it('uses the coupon at submission and records its redemption', async () => {
    const cookie = await signIn();
    const [before] = await shop.db.select().from(coupons).where(eq(coupons.code, 'SUMMER10'));
    const answer = ok(await post({ customer, coupon: ['SUMMER10'], orders: [aquariumLine(monday10)] }, cookie));
    const [after] = await shop.db.select().from(coupons).where(eq(coupons.code, 'SUMMER10'));
    expect(after?.usedCount).toBe((before?.usedCount ?? 0) + 1);
    const [order] = await shop.db
      .select()
      .from(orders)
      .where(eq(orders.hash, answer.response.orders[0]?.order?.hash ?? ''));
    // The signed-in client's stored details are used, not what was sent.
    expect(order?.customer).toMatchObject({ first_name: 'Dana', email: 'demo@tidewater.example' });
    expect(order?.clientId).not.toBeNull();
    const redemptions = await shop.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.orderId, order?.id ?? 0));
    expect(redemptions).toEqual([expect.objectContaining({ discountCents: 465 })]);
  });

  it('two products in one submission: the payment asks the sum of the order totals, what the simulation showed, with the booking fee once', async () => {
    const plot = await plotId('aquarium-entry', addDays(TODAY, 11), '10:00:00');
    const cart = { customer, orders: [aquariumLine(plot), guidebookLine(2)] };
    const simulated = ok(await post({ ...cart, simulate: true })).response.orders;
    expect(simulated.map((line) => line.prices.additions)).toEqual([1, 0]);
    const shown = simulated.reduce((sum, line) => sum + Math.round(line.prices.total * 100), 0);
    expect(shown).toBe(5650 + 2 * 1295);

    const answer = ok(await post(cart)).response.orders;
    expect(answer.map((line) => line.prices)).toEqual(simulated.map((line) => line.prices));
    const stored = await shop.db
      .select({ total: orders.totalCents, additions: orders.additionsCents })
      .from(orders)
      .innerJoin(payments, eq(payments.id, orders.paymentId))
      .where(eq(payments.hash, answer[0]?.payment?.hash ?? ''));
    expect(stored.reduce((sum, order) => sum + order.total, 0)).toBe(shown);
    expect(stored.reduce((sum, order) => sum + order.additions, 0)).toBe(100);
    const [payment] = await shop.db
      .select({ amount: payments.amountCents })
      .from(payments)
      .where(eq(payments.hash, answer[0]?.payment?.hash ?? ''));
    expect(payment?.amount).toBe(shown);
  });

  it('debits gift-card credit over the cart in order', async () => {
    await shop.db.insert(giftCards).values({ code: 'GIFT-SPLIT', creditCents: 3000, expiresOn: null });
    const answer = ok(await post({ customer, coupon: ['GIFT-SPLIT'], orders: [guidebookLine(1), guidebookLine(2)] }));
    expect(answer.response.orders.map((line) => [line.prices.discount, line.prices.total])).toEqual([
      [13.95, 0],
      [16.05, 9.85],
    ]);
    const [card] = await shop.db.select().from(giftCards).where(eq(giftCards.code, 'GIFT-SPLIT'));
    expect(card?.creditCents).toBe(0);
    refused(await post({ customer, coupon: ['GIFT-SPLIT'], orders: [guidebookLine()] }), 'COUPON_INVALID');
  });

  it('a total of 0 needs no payment: PAID at once, places sold, transaction false', async () => {
    await shop.db.insert(giftCards).values({ code: 'GIFT-BIG', creditCents: 100_000, expiresOn: null });
    const plot = await plotId('aquarium-entry', addDays(TODAY, 10), '10:00:00');
    const answer = ok(await post({ customer, coupon: ['GIFT-BIG'], orders: [aquariumLine(plot)] }));
    expect(answer.response.orders[0]).toMatchObject({ order: { status: 'PAID' }, payment: { transaction: false }, prices: { total: 0 } });
    expect(await plotState(plot)).toMatchObject({ sold: 3, held: 0 });
    const status = await shop.app.inject({ method: 'GET', url: `/api/orders/${answer.response.orders[0]?.order?.hash}` });
    expect(status.json()).toEqual({
      hash: answer.response.orders[0]?.order?.hash ?? '',
      status: 'PAID',
      payment: { status: 'paid', gateway: 'none' },
      total: 0,
      // Placed with nothing to pay: paid at once, nothing else happened to it.
      history: [expect.objectContaining({ event: 'placed', actor: { kind: 'shopper', name: null }, amount: 0, currency: 'EUR' })],
    } satisfies OrderStatusView);
    // The storefront goes to /checkout/return/{payment hash} then (spec section 4): the same answer.
    const byPayment = await shop.app.inject({ method: 'GET', url: `/api/orders/${answer.response.orders[0]?.payment?.hash}` });
    expect(byPayment.json()).toEqual(status.json());
  });

  it('keeps each line’s enrichment on its order and the top-level fields under the customer; refuses an enrichment beyond its keys or bounds', async () => {
    const enrichment = { utm_source: 'newsletter', utm_campaign: 'spring', referrer: 'https://news.example/issue/4', landing_path: '/product/3/zoo-guidebook' };
    const plot = await plotId('behind-the-scenes', addDays(TODAY, 14), '09:00:00');
    const answer = ok(
      await post({
        customer: { ...customer, fields: { email_confirm: customer.email } },
        fields: { heard_about_us: 'friends', date_of_birth: '1990-01-01', safety_rules: true },
        orders: [{ ...guidebookLine(), enrichment }, { product: { id: ids.product['behind-the-scenes'] as number, plot, quantity: 1 } }],
      }),
    );
    const hashes = answer.response.orders.map((line) => line.order?.hash ?? '');
    const rows = await shop.db
      .select({ hash: orders.hash, enrichment: orders.enrichment, customer: orders.customer })
      .from(orders)
      .where(sql`${orders.hash} in ${hashes}`);
    const byHash = new Map(rows.map((row) => [row.hash, row]));
    expect(byHash.get(hashes[0]!)?.enrichment).toEqual(enrichment);
    expect(byHash.get(hashes[1]!)?.enrichment).toBeNull();
    expect(byHash.get(hashes[0]!)?.customer.fields).toEqual({
      email_confirm: customer.email,
      heard_about_us: 'friends',
      date_of_birth: '1990-01-01',
      safety_rules: true,
    });

    const before = await counts();
    for (const bad of [{ ...enrichment, tracking_id: 'x' }, { utm_source: 'x'.repeat(201) }, { referrer: 'javascript:alert(1)' }]) {
      const response = await post({ customer, orders: [{ ...guidebookLine(), enrichment: bad }] });
      refused(response, 'VALIDATION_FAILED', 400);
    }
    expect(await counts()).toEqual(before);
  });

  it('confirms a business cart on invoice: PAID with nothing paid online, places sold, the total and details kept; never a reservation on invoice', async () => {
    const business = { ...customer, company: 'Analytical Engines BV', vat_id: 'NL123456789B01' };
    const plot = await plotId('aquarium-entry', addDays(TODAY, 11), '10:00:00');
    const simulated = ok(await post({ customer, invoice: true, simulate: true, orders: [aquariumLine(plot)] }));
    expect(simulated.response.orders[0]).toMatchObject({ invoice: true, prices: { total: 56.5 } });
    const slotBefore = await plotState(plot);
    const answer = ok(await post({ customer: business, invoice: true, orders: [aquariumLine(plot)] }));
    expect(answer.response.orders[0]).toMatchObject({
      order: { status: 'PAID' },
      payment: { gateway: 'invoice', transaction: false },
      invoice: true,
      prices: { total: 56.5 },
    });
    expect(await plotState(plot)).toMatchObject({ sold: (slotBefore.sold ?? 0) + 3, held: slotBefore.held });
    const [row] = await shop.db
      .select()
      .from(orders)
      .where(eq(orders.hash, answer.response.orders[0]?.order?.hash ?? ''));
    expect(row).toMatchObject({
      status: 'PAID',
      invoice: true,
      totalCents: 5650,
      invoiceDetails: { company: 'Analytical Engines BV', vat_id: 'NL123456789B01' },
    });
    const status = await shop.app.inject({ method: 'GET', url: `/api/orders/${row?.hash}` });
    expect(status.json()).toMatchObject({ status: 'PAID', payment: { status: 'paid', gateway: 'invoice' } });

    const before = await counts();
    const school = await plotId('school-group-visit', addDays(TODAY, 14), '09:30:00');
    const schoolLine = {
      product: { id: ids.product['school-group-visit'] as number, plot: school, quantity: 11 },
      audiences: { [ids.audience.pupil as number]: { quantity: 10 }, [ids.audience.teacher as number]: { quantity: 1 } },
    };
    const schoolBusiness = { ...business, fields: { ...business.fields, group_size: '12' } };
    refused(await post({ customer: schoolBusiness, invoice: true, action: 'reserve', orders: [schoolLine] }), 'INVOICE_NOT_AVAILABLE', 400);
    refused(await post({ customer, invoice: true, orders: [aquariumLine(plot)] }), 'INVOICE_DETAILS_MISSING', 400);
    expect(await counts()).toEqual(before);
  });

  it('GET /api/orders/{hash} answers 404 for an unknown hash', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/orders/0123456789abcdef0123456789abcdef' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('NOT_FOUND');
  });
});

describe('GET /api/reservation/{hash}', () => {
  it('answers a reservation with its product, plot, audiences, upsells and the checkout’s other reservations', async () => {
    const plot = await plotId('behind-the-scenes', addDays(TODAY, 8), '15:00:00');
    const school = await plotId('school-group-visit', addDays(TODAY, 8), '09:30:00');
    const bothCustomer = { ...customer, fields: { ...customer.fields, date_of_birth: '1990-01-01', safety_rules: true, group_size: '11' } };
    const answer = ok(
      await post({
        customer: bothCustomer,
        action: 'reserve',
        orders: [
          { product: { id: ids.product['behind-the-scenes'] as number, plot, quantity: 2 } },
          {
            product: { id: ids.product['school-group-visit'] as number, plot: school, quantity: 11 },
            audiences: { [ids.audience.pupil as number]: { quantity: 10 }, [ids.audience.teacher as number]: { quantity: 1 } },
          },
        ],
      }),
    );
    const [first, second] = answer.response.orders;
    const response = await shop.app.inject({ method: 'GET', url: `/api/reservation/${first?.order?.hash}?language=nl` });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      reservation: { hash: first?.order?.hash, customer: { email: 'ada@example.test' } },
      additional_reservations: [{ hash: second?.order?.hash }],
      // An unpaid reservation lapses RESERVATION_HOURS after it was made, or when its first slot starts if
      // that is sooner (the school visit is 8 days away).
      expiration_date: new Date(shop.clock.now().getTime() + shop.config.reservationHours * 3_600_000).toISOString(),
      allow_changes: true,
      product: {
        id: ids.product['behind-the-scenes'],
        quantity: 2,
        price: 70,
        discount: 0,
        types: { price: 'TIMESLOT', capacity: 'LIMITED' },
        plot: { id: plot, date: addDays(TODAY, 8), time: { start: '15:00', end: '16:30' } },
      },
      upsells: [],
      rebooking_secret: 'tidewater-rebook',
    });
    expect(typeof body.product.title).toBe('string');
    const schoolView = (await shop.app.inject({ method: 'GET', url: `/api/reservation/${second?.order?.hash}` })).json();
    expect(schoolView.product.audiences).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: ids.audience.pupil, quantity: 10, price: 7, name: 'Pupil' })]),
    );
  });

  it('answers 404 for a pending order and an unknown hash', async () => {
    const pending = ok(await post({ customer, orders: [guidebookLine()] }));
    expect((await shop.app.inject({ method: 'GET', url: `/api/reservation/${pending.response.orders[0]?.order?.hash}` })).statusCode).toBe(404);
    expect((await shop.app.inject({ method: 'GET', url: '/api/reservation/nope' })).statusCode).toBe(404);
  });
});
