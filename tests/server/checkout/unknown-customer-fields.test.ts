/**
 * Only the organisation's own customer fields are kept: a key in `fields` (the customer's or the
 * request's top-level one) that names none of them answers 400 VALIDATION_FAILED on product,
 * subscription and voucher orders and on a reservation's edit, and nothing is written.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderResponse } from '#domain/contracts/orders.ts';
import type { ReservationResponse } from '#domain/contracts/reservation.ts';
import { orders, plots, products, voucherValues, vouchers } from '../../../server/db/schema/index.ts';
import { customerWith, tourCustomer } from '../helpers/customers.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';
import { NOW, subscriptionIds, type SubscriptionIds } from '../subscriptions/subscription-fixture.ts';

let shop: TestShop;
let tour: number;
let plot: number;
let ids: SubscriptionIds;
let voucherValue: { voucher: number; value: number };

const FOREIGN = [
  ['a status', { status: 'PAID' }],
  ['markup', { '<script>alert(1)</script>': 'x' }],
  ['a prototype key', { constructor: 'x' }],
] as const;

beforeAll(async () => {
  shop = await createTestShop({ now: NOW, config: { rateLimits: false } });
  const [product] = await shop.db.select({ id: products.id }).from(products).where(eq(products.slug, 'behind-the-scenes'));
  tour = product?.id as number;
  const [slot] = await shop.db
    .select({ id: plots.id })
    .from(plots)
    .where(and(eq(plots.productId, tour), eq(plots.date, '2030-06-10'), eq(plots.startTime, '15:00:00')));
  plot = slot?.id as number;
  ids = await subscriptionIds(shop);
  const [voucher] = await shop.db.select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.slug, 'gift-voucher'));
  const [value] = await shop.db
    .select({ id: voucherValues.id })
    .from(voucherValues)
    .where(eq(voucherValues.voucherId, voucher?.id as number));
  voucherValue = { voucher: voucher?.id as number, value: value?.id as number };
});
afterAll(async () => shop?.close());

const orderCount = async () => (await shop.db.select({ id: orders.id }).from(orders)).length;

function expectUnknownField(response: { statusCode: number; body: string; json(): unknown }, key: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toMatchObject({ ok: false, error: 'VALIDATION_FAILED', fields: { [key]: 'unrecognized_keys' } });
}

const productOrder = (customerFields: Record<string, unknown>, topLevel?: Record<string, unknown>) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      customer: { ...tourCustomer, fields: { ...tourCustomer.fields, ...customerFields } },
      ...(topLevel ? { fields: topLevel } : {}),
      action: 'reserve',
      orders: [{ product: { id: tour, plot, quantity: 1 } }],
    },
  });

describe('product orders', () => {
  it.each(FOREIGN)('refuses %s in customer.fields, writing nothing', async (_name, extra) => {
    const before = await orderCount();
    expectUnknownField(await productOrder(extra), `customer.fields.${Object.keys(extra)[0]}`);
    expect(await orderCount()).toBe(before);
  });

  it('refuses an unknown key in the top-level fields', async () => {
    expectUnknownField(await productOrder({}, { status: 'PAID' }), 'fields.status');
  });

  it('takes the organisation’s own fields', async () => {
    const response = await productOrder({ phone: '+31612345678' });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('subscription orders', () => {
  it('refuses an unknown key in customer.fields', async () => {
    const email = 'fields-subscription@example.test';
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/subscriptions',
      payload: {
        customer: { ...customerWith(email), password: 'lighthouse-keeper-2030', fields: { ...customerWith(email).fields, status: 'PAID' } },
        subscription: { id: ids.family },
        audiences: { [ids.adult]: { quantity: 1 } },
        passes: [{ pass: null, audience: ids.adult, profile: { name: 'Ada Lovelace' } }],
      },
    });
    expectUnknownField(response, 'customer.fields.status');
  });
});

describe('voucher orders', () => {
  it('refuses an unknown key in customer.fields', async () => {
    const email = 'fields-voucher@example.test';
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/vouchers',
      payload: {
        customer: { ...customerWith(email), fields: { ...customerWith(email).fields, status: 'PAID' } },
        voucher: { id: voucherValue.voucher },
        values: { [voucherValue.value]: { id: voucherValue.value, quantity: 1 } },
        language: 'en',
      },
    });
    expectUnknownField(response, 'customer.fields.status');
  });
});

describe('reservation edits', () => {
  it('refuses an unknown key and keeps the stored details', async () => {
    const reserved = await productOrder({});
    const hash = (reserved.json() as OrderResponse).response.orders[0]?.order?.hash as string;
    const response = await shop.app.inject({
      method: 'PATCH',
      url: `/api/reservation/${hash}`,
      payload: { customer: { ...tourCustomer, fields: { ...tourCustomer.fields, status: 'PAID' } } },
    });
    expectUnknownField(response, 'customer.fields.status');
    const view = (await shop.app.inject({ method: 'GET', url: `/api/reservation/${hash}` })).json() as ReservationResponse;
    expect(view.reservation.customer.fields).not.toHaveProperty('status');
  });
});
