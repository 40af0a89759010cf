/**
 * A reservation's coupon on a real database: removing it prices the reservation again (its total
 * and the payment's amount follow) and gives the coupon's use back through the takings; a changed
 * reservation is priced with its coupon's rule on the new lines, as the checkout prices them.
 */
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderResponse } from '#domain/contracts/orders.ts';
import type { ReservationResponse } from '#domain/contracts/reservation.ts';
import { couponRedemptions, coupons, giftCards, orders, payments, products } from '../../../server/db/schema/index.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';
import { tourCustomer } from '../helpers/customers.ts';
import { tourPlot } from '../helpers/tour-slot.ts';

const NOW = '2030-06-03T07:00:00Z';
let shop: TestShop;
let tour: number;
let cookie: string;

const json = <T>(response: LightMyRequestResponse) => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
};

/** A reservation of `quantity` tours with `codes`, made by the signed-in demo client (coupons need one). */
async function reserve(date: string, quantity: number, codes: string[]): Promise<string> {
  const plot = await tourPlot(shop.db, tour, date);
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie },
    payload: { customer: tourCustomer, action: 'reserve', coupon: codes, orders: [{ product: { id: tour, plot, quantity } }] },
  });
  const hash = json<OrderResponse>(response).response.orders[0]?.order?.hash;
  if (!hash) throw new Error('no reservation');
  return hash;
}

const credit = async (code: string) => (await shop.db.select({ cents: giftCards.creditCents }).from(giftCards).where(eq(giftCards.code, code)))[0]?.cents;

const uses = async (code: string) => (await shop.db.select({ used: coupons.usedCount }).from(coupons).where(eq(coupons.code, code)))[0]?.used ?? -1;

async function paymentAmount(hash: string) {
  const [row] = await shop.db
    .select({ amount: payments.amountCents })
    .from(payments)
    .innerJoin(orders, eq(orders.paymentId, payments.id))
    .where(eq(orders.hash, hash));
  return row?.amount;
}

async function storedTransaction(hash: string) {
  const [row] = await shop.db
    .select({ transaction: payments.transaction })
    .from(payments)
    .innerJoin(orders, eq(orders.paymentId, payments.id))
    .where(eq(orders.hash, hash));
  return row?.transaction ?? null;
}

async function share(hash: string, code: string) {
  const [row] = await shop.db
    .select({ cents: couponRedemptions.discountCents })
    .from(couponRedemptions)
    .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
    .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
    .where(and(eq(orders.hash, hash), eq(coupons.code, code)));
  return row?.cents ?? null;
}

const removeCoupon = (hash: string, code: string) => shop.app.inject({ method: 'DELETE', url: `/api/reservation/${hash}/coupons/${code}` });

beforeAll(async () => {
  shop = await createTestShop({ now: NOW, config: { rateLimits: false, reservationHours: 24 * 365 } });
  const [row] = await shop.db.select({ id: products.id }).from(products).where(eq(products.slug, 'behind-the-scenes'));
  tour = row?.id as number;
  const login = await shop.app.inject({ method: 'POST', url: '/api/client/login', payload: { email: 'demo@tidewater.example', password: 'tidewater-demo' } });
  cookie = String([login.headers['set-cookie']].flat()[0]).split(';')[0] ?? '';
});

afterAll(async () => {
  await shop?.close();
});

describe('DELETE /api/reservation/{hash}/coupons/{code}', () => {
  it('prices the reservation again without the coupon; the payment asks the new total and the use is given back', async () => {
    const before = await uses('SUMMER10');
    const hash = await reserve('2030-06-10', 2, ['SUMMER10']);
    expect(await uses('SUMMER10')).toBe(before + 1);
    const reserved = json<ReservationResponse>(await shop.app.inject({ method: 'GET', url: `/api/reservation/${hash}` }));
    // Two tours at 35.00, 10 % off, the 1.00 booking fee.
    expect(reserved).toMatchObject({ coupons: ['SUMMER10'], product: { price: 70, discount: 7 }, total: 64 });
    expect(await paymentAmount(hash)).toBe(6400);
    // The customer opened the payment once (for 64.00) and came back.
    expect((await shop.app.inject({ method: 'GET', url: `/api/payment/${hash}` })).statusCode).toBe(200);
    expect(await storedTransaction(hash)).not.toBeNull();

    // Any case: codes are compared as the checkout compares them.
    const view = json<ReservationResponse>(await removeCoupon(hash, 'summer10'));
    expect(view).toMatchObject({ coupons: [], product: { price: 70, discount: 0 }, total: 71 });
    expect(await paymentAmount(hash)).toBe(7100);
    // The gateway payment made for 64.00 is not offered again: paying starts one for 71.00.
    expect(await storedTransaction(hash)).toBeNull();
    expect(await uses('SUMMER10')).toBe(before);
    expect(await share(hash, 'SUMMER10')).toBeNull();

    // Gone once: a second removal finds nothing, and nothing is given back twice.
    const again = await removeCoupon(hash, 'SUMMER10');
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe('NOT_FOUND');
    expect(await uses('SUMMER10')).toBe(before);
  });

  it('takes the coupon off every item of a two-item reservation, and gives its one use back once', async () => {
    const before = await uses('SUMMER10');
    const [first, second] = await Promise.all([tourPlot(shop.db, tour, '2030-06-10'), tourPlot(shop.db, tour, '2030-06-11')]);
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie },
      payload: {
        customer: tourCustomer,
        action: 'reserve',
        coupon: ['SUMMER10'],
        orders: [{ product: { id: tour, plot: first, quantity: 2 } }, { product: { id: tour, plot: second, quantity: 1 } }],
      },
    });
    const hashes = json<OrderResponse>(response).response.orders.map((line) => line.order?.hash as string);
    expect(hashes).toHaveLength(2);
    // One checkout takes one use of the coupon, whatever the number of items.
    expect(await uses('SUMMER10')).toBe(before + 1);
    const view = async (hash: string) => json<ReservationResponse>(await shop.app.inject({ method: 'GET', url: `/api/reservation/${hash}` }));
    // 10 % off two tours (7.00) and off one (3.50); the 1.00 booking fee once: 70 + 35 - 10.50 + 1.
    expect(await view(hashes[0] as string)).toMatchObject({ coupons: ['SUMMER10'], product: { discount: 7 }, total: 95.5 });
    expect(await view(hashes[1] as string)).toMatchObject({ coupons: ['SUMMER10'], product: { discount: 3.5 } });

    const removed = json<ReservationResponse>(await removeCoupon(hashes[0] as string, 'SUMMER10'));
    expect(removed).toMatchObject({ coupons: [], product: { discount: 0 }, total: 106 });
    // The second item lost the discount too: nothing of the coupon is left on the checkout.
    expect(await view(hashes[1] as string)).toMatchObject({ coupons: [], product: { discount: 0 }, total: 106 });
    expect(await paymentAmount(hashes[0] as string)).toBe(10600);
    expect(await share(hashes[0] as string, 'SUMMER10')).toBeNull();
    expect(await share(hashes[1] as string, 'SUMMER10')).toBeNull();
    // The one use the checkout took is given back once, not once per item.
    expect(await uses('SUMMER10')).toBe(before);
    expect((await removeCoupon(hashes[1] as string, 'SUMMER10')).statusCode).toBe(404);
  });

  it('answers 404 for a code the reservation does not hold and for what is not a reservation', async () => {
    const hash = await reserve('2030-06-10', 2, ['SUMMER10']);
    const other = await removeCoupon(hash, 'FIVEOFF');
    expect(other.statusCode).toBe(404);
    expect((await removeCoupon('no-such-reservation', 'SUMMER10')).statusCode).toBe(404);
    expect(json<ReservationResponse>(await shop.app.inject({ method: 'GET', url: `/api/reservation/${hash}` })).coupons).toEqual(['SUMMER10']);
  });
});

describe('POST /api/reservation/{hash}/change with a coupon', () => {
  it('applies the coupon’s rule to the new lines, as the checkout does, not the old discount', async () => {
    const hash = await reserve('2030-06-12', 2, ['SUMMER10']);
    const to = await tourPlot(shop.db, tour, '2030-06-13');
    const more = json<ReservationResponse>(
      await shop.app.inject({ method: 'POST', url: `/api/reservation/${hash}/change`, payload: { plot: to, quantity: 3 } }),
    );
    // 10 % of three tours (the old discount was 7.00).
    expect(more).toMatchObject({ coupons: ['SUMMER10'], product: { quantity: 3, price: 105, discount: 10.5 }, total: 95.5 });
    expect(await paymentAmount(hash)).toBe(9550);
    expect(await share(hash, 'SUMMER10')).toBe(1050);

    // What a checkout of the same cart would ask.
    const simulated = json<OrderResponse>(
      await shop.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { cookie },
        payload: { customer: tourCustomer, simulate: true, coupon: ['SUMMER10'], orders: [{ product: { id: tour, plot: to, quantity: 3 }, simulate: true }] },
      }),
    ).response.orders[0];
    expect(simulated?.prices).toMatchObject({ discount: 10.5, total: 95.5 });
  });

  it('keeps a per-ticket limit: FAMILY25 takes 25 % off two tickets only, however many there are', async () => {
    const hash = await reserve('2030-06-12', 1, ['FAMILY25']);
    const to = await tourPlot(shop.db, tour, '2030-06-13');
    const view = json<ReservationResponse>(
      await shop.app.inject({ method: 'POST', url: `/api/reservation/${hash}/change`, payload: { plot: to, quantity: 4 } }),
    );
    expect(view).toMatchObject({ product: { quantity: 4, price: 140, discount: 17.5 }, total: 123.5 });
  });
});

describe('a reservation paid partly with a gift card, priced again', () => {
  it('gives the card back what a cheaper change no longer uses, and no more when it costs more again', async () => {
    const card = 'GIFT-DEMO-FOREVER';
    const before = await credit(card);
    // Two tours at 35.00 and the 1.00 booking fee: 40.00 from the card, 31.00 to pay.
    const hash = await reserve('2030-06-17', 2, [card]);
    expect(await credit(card)).toBe((before as number) - 4000);
    expect(await paymentAmount(hash)).toBe(3100);

    // One tour: 36.00, all of it from the card; the 4.00 it no longer needs goes back.
    const to = await tourPlot(shop.db, tour, '2030-06-18');
    const cheaper = json<ReservationResponse>(
      await shop.app.inject({ method: 'POST', url: `/api/reservation/${hash}/change`, payload: { plot: to, quantity: 1 } }),
    );
    expect(cheaper).toMatchObject({ product: { quantity: 1, price: 35 }, total: 0 });
    expect(await paymentAmount(hash)).toBe(0);
    expect(await credit(card)).toBe((before as number) - 3600);

    // Two again: the card keeps what it gave back; the rest is to pay.
    const dearer = json<ReservationResponse>(
      await shop.app.inject({ method: 'POST', url: `/api/reservation/${hash}/change`, payload: { plot: to, quantity: 2 } }),
    );
    expect(dearer).toMatchObject({ product: { quantity: 2, price: 70 }, total: 35 });
    expect(await credit(card)).toBe((before as number) - 3600);

    // Cancelled: the card gets back what the reservation still used, and ends where it began.
    expect((await shop.app.inject({ method: 'POST', url: `/api/reservation/${hash}/cancel` })).statusCode).toBe(200);
    expect(await credit(card)).toBe(before);
  });
});
