/**
 * GET /api/payment/{hash} (spec section 7): the payment of a pending reservation or order, so the
 * storefront can resume it; 404 when unknown, 409 ORDER_NOT_PAYABLE once it is no longer pending.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderResponse, PaymentResumeResponse } from '#domain/contracts/orders.ts';
import { plots, products } from '../../../server/db/schema/index.ts';
import { resetTourSlot, slotsMiscountingHolds, tourPlot } from '../helpers/tour-slot.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';
import { tourCustomer as customer } from '../helpers/customers.ts';

const NOW = '2030-06-03T07:00:00Z';
const DAY = '2030-06-11';

let shop: TestShop;
let bts: number;
let plot: number;

async function order(extra: Record<string, unknown> = {}) {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: { customer, orders: [{ product: { id: bts, plot, quantity: 2 } }], ...extra },
  });
  expect(response.statusCode, response.body).toBe(200);
  const [line] = (response.json() as OrderResponse).response.orders;
  if (!line?.order) throw new Error('no order');
  return line;
}

const resume = (hash: string) => shop.app.inject({ method: 'GET', url: `/api/payment/${hash}` });
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

describe('GET /api/payment/{hash}', () => {
  it('resumes a reservation: a test gateway payment that, once paid, makes it PAID; then 409', async () => {
    const line = await order({ action: 'reserve' });
    const hash = line.order?.hash ?? '';
    const response = await resume(hash);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { payment } = (response.json() as PaymentResumeResponse).response;
    expect(payment).toMatchObject({ gateway: 'test', type: 'REDIRECT', transaction: { response: { url: `/api/test-gateway/${payment.hash}` } } });
    // Asked again: the same payment.
    expect((await resume(hash)).json()).toEqual(response.json());

    const pay = await shop.app.inject({ method: 'POST', url: `/api/test-gateway/${payment.hash}/pay` });
    expect(pay.statusCode).toBe(303);
    expect(await orderStatus(hash)).toMatchObject({ status: 'PAID', payment: { status: 'paid' } });
    const [row] = await shop.db.select({ sold: plots.sold }).from(plots).where(eq(plots.id, plot));
    expect(row?.sold).toBe(2);

    const paid = await resume(hash);
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toMatchObject({ ok: false, error: 'ORDER_NOT_PAYABLE' });
  });

  it('answers the stored payment of a pending order, by its order hash or its payment hash', async () => {
    const line = await order();
    for (const hash of [line.order?.hash ?? '', line.payment?.hash ?? '']) {
      const response = await resume(hash);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        ok: true,
        response: { payment: { gateway: 'test', hash: line.payment?.hash, type: 'REDIRECT', transaction: line.payment?.transaction } },
      });
    }
  });

  it('answers 409 for a failed order and for one whose hold expired', async () => {
    const failed = await order();
    await shop.app.inject({ method: 'POST', url: `/api/test-gateway/${failed.payment?.hash}/fail` });
    expect((await resume(failed.order?.hash ?? '')).statusCode).toBe(409);

    const late = await order();
    shop.clock.set(new Date(Date.parse(NOW) + 16 * 60_000));
    const expired = await resume(late.order?.hash ?? '');
    expect(expired.statusCode).toBe(409);
    expect(expired.json().error).toBe('ORDER_NOT_PAYABLE');
    expect(await orderStatus(late.order?.hash ?? '')).toMatchObject({ status: 'EXPIRED' });
  });

  it('answers 404 for an unknown hash', async () => {
    const response = await resume('0123456789abcdef0123456789abcdef');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ ok: false, error: 'NOT_FOUND' });
  });
});
