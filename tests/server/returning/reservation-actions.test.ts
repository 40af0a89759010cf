/**
 * The reservation page's actions on a real database: the total the payment asks, the customer
 * edit under the order form's rules, cancel giving places back, and a change moving the places to
 * another slot atomically (a full new slot moves nothing).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderResponse } from '#domain/contracts/orders.ts';
import { reservationTotal, type ReservationResponse } from '#domain/contracts/reservation.ts';
import { outbox, orders, payments, plots, products } from '../../../server/db/schema/index.ts';
import { sweepLapsedPayments } from '../../../server/modules/checkout/expiry-sweep.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';
import { tourCustomer } from '../helpers/customers.ts';

const NOW = '2030-06-03T07:00:00Z';
let shop: TestShop;
let tour: number;

async function tourPlot(date: string) {
  const [row] = await shop.db
    .select({ id: plots.id })
    .from(plots)
    .where(and(eq(plots.productId, tour), eq(plots.date, date), eq(plots.startTime, '15:00:00')));
  if (!row) throw new Error(`no tour on ${date}`);
  return row.id;
}

async function slot(id: number) {
  const [row] = await shop.db.select({ sold: plots.sold, orders: plots.orderCount, capacity: plots.capacity }).from(plots).where(eq(plots.id, id));
  return row as { sold: number; orders: number; capacity: number | null };
}

const json = <T>(response: LightMyRequestResponse) => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
};

async function reserve(plot: number, quantity = 2): Promise<string> {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: { customer: tourCustomer, action: 'reserve', orders: [{ product: { id: tour, plot, quantity } }] },
  });
  const hash = json<OrderResponse>(response).response.orders[0]?.order?.hash;
  if (!hash) throw new Error('no reservation');
  return hash;
}

const get = (hash: string) => shop.app.inject({ method: 'GET', url: `/api/reservation/${hash}` });

beforeAll(async () => {
  // Not about the abuse limits (tests/server/abuse-limits.test.ts): many reservations of one shopper from one
  // address, kept until their slot starts (RESERVATION_HOURS far beyond it; the sooner deadline wins).
  shop = await createTestShop({ now: NOW, config: { rateLimits: false, reservationHours: 24 * 365 } });
  const [row] = await shop.db.select({ id: products.id }).from(products).where(eq(products.slug, 'behind-the-scenes'));
  tour = row?.id as number;
});

afterAll(async () => {
  await shop?.close();
});

describe('GET /api/reservation/{hash}: the total', () => {
  it('is products + upsells - discount + the booking additions, the amount its payment asks', async () => {
    const hash = await reserve(await tourPlot('2030-06-10'));
    const view = json<ReservationResponse>(await get(hash));
    // Two tours at 35.00 and the 1.00 booking fee; the rebooking fee (type 1) is not in it.
    expect(view.additions).toEqual([{ name: 'Booking fee', amount: 1, type: 0 }]);
    expect(view.total).toBe(71);
    expect(reservationTotal([view], view.additions)).toBe(view.total);
    const [payment] = await shop.db
      .select({ amount: payments.amountCents })
      .from(payments)
      .innerJoin(orders, eq(orders.paymentId, payments.id))
      .where(eq(orders.hash, hash));
    expect(payment?.amount).toBe(7100);
  });

  it("carries the product's image for its card", async () => {
    const hash = await reserve(await tourPlot('2030-06-11'));
    const view = json<ReservationResponse>(await get(hash));
    const [row] = await shop.db.select({ image: products.image }).from(products).where(eq(products.id, tour));
    expect(row?.image).toMatch(/\S/);
    expect(view.product.image).toBe(row?.image);
  });
});

describe('PATCH /api/reservation/{hash}', () => {
  it('saves the organisation’s own fields checked by the order form rules and answers the reservation reloaded', async () => {
    const hash = await reserve(await tourPlot('2030-06-10'));
    const view = json<ReservationResponse>(
      await shop.app.inject({
        method: 'PATCH',
        url: `/api/reservation/${hash}`,
        // The default fields as shown (spacing and e-mail case are not a change), the own fields changed.
        payload: {
          customer: {
            ...tourCustomer,
            first_name: '  Ada ',
            email: 'ADA@example.test',
            fields: { ...tourCustomer.fields, heard_about_us: 'social', phone: '+31612345678' },
          },
        },
      }),
    );
    expect(view.reservation.customer).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.test',
      fields: { heard_about_us: 'social', phone: '+31612345678' },
    });
    expect(json<ReservationResponse>(await get(hash)).reservation.customer.fields.heard_about_us).toBe('social');
  });

  it.each([
    ['the first name', { first_name: 'Augusta' }, ['first_name']],
    ['the last name', { last_name: 'King' }, ['last_name']],
    ['the e-mail address', { email: 'someone-else@example.test' }, ['email']],
  ])('refuses a change of %s, a default field, with FIELD_NOT_EDITABLE and changes nothing', async (_, change, named) => {
    const hash = await reserve(await tourPlot('2030-06-26'));
    const response = await shop.app.inject({
      method: 'PATCH',
      url: `/api/reservation/${hash}`,
      payload: { customer: { ...tourCustomer, ...change, fields: { ...tourCustomer.fields, heard_about_us: 'social' } } },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ error: 'FIELD_NOT_EDITABLE' });
    expect(Object.keys(response.json().fields ?? {})).toEqual(named);
    expect(json<ReservationResponse>(await get(hash)).reservation.customer).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.test',
      fields: { heard_about_us: 'friends' },
    });
  });

  it.each([
    ['an empty first name', { ...tourCustomer, first_name: '   ' }],
    ['a missing required field of the product', { ...tourCustomer, fields: { ...tourCustomer.fields, safety_rules: false } }],
  ])('refuses %s with CUSTOMER_INVALID and keeps the stored details', async (_, customer) => {
    const hash = await reserve(await tourPlot('2030-06-10'));
    const response = await shop.app.inject({ method: 'PATCH', url: `/api/reservation/${hash}`, payload: { customer } });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toBe('CUSTOMER_INVALID');
    expect(json<ReservationResponse>(await get(hash)).reservation.customer).toMatchObject({ first_name: 'Ada', fields: { safety_rules: true } });
  });

  it('answers 404 for what is not a reservation', async () => {
    const response = await shop.app.inject({ method: 'PATCH', url: '/api/reservation/nope', payload: { customer: tourCustomer } });
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /api/reservation/{hash}/cancel', () => {
  it('gives the places back at once and the reservation is gone', async () => {
    const plot = await tourPlot('2030-06-11');
    const before = await slot(plot);
    const hash = await reserve(plot, 3);
    expect(await slot(plot)).toMatchObject({ sold: before.sold + 3, orders: before.orders + 1 });
    const response = await shop.app.inject({ method: 'POST', url: `/api/reservation/${hash}/cancel` });
    expect(json<{ ok: boolean; status: string }>(response)).toEqual({ ok: true, status: 'CANCELLED' });
    expect(await slot(plot)).toMatchObject({ sold: before.sold, orders: before.orders });
    expect((await get(hash)).statusCode).toBe(404);
    expect((await shop.app.inject({ method: 'POST', url: `/api/reservation/${hash}/cancel` })).statusCode).toBe(404);
  });
});

describe('POST /api/reservation/{hash}/change', () => {
  it('moves the places to another slot and quantity in one go, repriced, with a new confirmation mail', async () => {
    const from = await tourPlot('2030-06-12');
    const to = await tourPlot('2030-06-13');
    const [fromBefore, toBefore] = [await slot(from), await slot(to)];
    const hash = await reserve(from, 2);
    const mailsBefore = (await shop.db.select().from(outbox)).length;
    const view = json<ReservationResponse>(
      await shop.app.inject({ method: 'POST', url: `/api/reservation/${hash}/change`, payload: { plot: to, quantity: 3 } }),
    );
    expect(view.product).toMatchObject({ quantity: 3, price: 105, plot: { id: to, date: '2030-06-13' } });
    expect(view.total).toBe(106);
    expect(await slot(from)).toMatchObject({ sold: fromBefore.sold, orders: fromBefore.orders });
    expect(await slot(to)).toMatchObject({ sold: toBefore.sold + 3, orders: toBefore.orders + 1 });
    expect((await shop.db.select().from(outbox)).length).toBe(mailsBefore + 1);
  });

  it('moves nothing when the new slot has no room: the old places stay taken', async () => {
    const from = await tourPlot('2030-06-14');
    const to = await tourPlot('2030-06-17');
    const hash = await reserve(from, 2);
    const fromBefore = await slot(from);
    await shop.db.execute(sql`update plots set sold = capacity - 1 where id = ${to}`);
    const toBefore = await slot(to);
    const response = await shop.app.inject({ method: 'POST', url: `/api/reservation/${hash}/change`, payload: { plot: to } });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().error).toBe('PLOT_SOLD_OUT');
    expect(await slot(from)).toEqual(fromBefore);
    expect(await slot(to)).toEqual(toBefore);
    expect(json<ReservationResponse>(await get(hash)).product.plot?.id).toBe(from);
  });

  it('simulates a change: the new prices as the change would write them, nothing moved', async () => {
    const from = await tourPlot('2030-06-27');
    const to = await tourPlot('2030-06-28');
    const hash = await reserve(from, 2);
    const [fromBefore, toBefore, viewBefore] = [await slot(from), await slot(to), json<ReservationResponse>(await get(hash))];
    const simulate = (payload: object) => shop.app.inject({ method: 'POST', url: `/api/reservation/${hash}/change/simulate`, payload });
    const simulated = json<{ ok: true; prices: { product: number; total: number } }>(await simulate({ plot: to, quantity: 3 }));
    expect(simulated.prices).toMatchObject({ product: 105, total: 106 });
    expect(await slot(from)).toEqual(fromBefore);
    expect(await slot(to)).toEqual(toBefore);
    expect(json<ReservationResponse>(await get(hash))).toEqual(viewBefore);
    // The change itself then asks what was simulated.
    const changed = json<ReservationResponse>(
      await shop.app.inject({ method: 'POST', url: `/api/reservation/${hash}/change`, payload: { plot: to, quantity: 3 } }),
    );
    expect(changed.total).toBe(simulated.prices.total);
    // Refused as the change would be.
    await shop.db.update(orders).set({ allowChanges: false }).where(eq(orders.hash, hash));
    const refused = await simulate({ plot: from });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('RESERVATION_NOT_CHANGEABLE');
  });

  it('is refused when the reservation does not allow changes', async () => {
    const hash = await reserve(await tourPlot('2030-06-18'));
    await shop.db.update(orders).set({ allowChanges: false }).where(eq(orders.hash, hash));
    const response = await shop.app.inject({ method: 'POST', url: `/api/reservation/${hash}/change`, payload: { plot: await tourPlot('2030-06-19') } });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('RESERVATION_NOT_CHANGEABLE');
  });
});

describe('an unpaid reservation at its expiration_date', () => {
  it('lapses when its slot starts: the places come back and the page says so', async () => {
    const plot = await tourPlot('2030-06-20');
    const before = await slot(plot);
    const hash = await reserve(plot, 2);
    const view = json<ReservationResponse>(await get(hash));
    // 15:00 in Amsterdam (summer time).
    expect(view.expiration_date).toBe('2030-06-20T13:00:00.000Z');
    expect(await slot(plot)).toMatchObject({ sold: before.sold + 2 });
    shop.clock.set(new Date('2030-06-20T13:00:01Z'));
    try {
      const lapsed = await get(hash);
      expect(lapsed.statusCode).toBe(410);
      expect(lapsed.json().error).toBe('RESERVATION_EXPIRED');
      expect(await slot(plot)).toMatchObject({ sold: before.sold, orders: before.orders });
      const [row] = await shop.db.select({ status: orders.status }).from(orders).where(eq(orders.hash, hash));
      expect(row?.status).toBe('EXPIRED');
    } finally {
      shop.clock.set(new Date(NOW));
    }
  });

  it('lapses through the sweep too, without a visit', async () => {
    const plot = await tourPlot('2030-06-21');
    const before = await slot(plot);
    const hash = await reserve(plot, 1);
    shop.clock.set(new Date('2030-06-21T13:00:00Z'));
    try {
      expect(await sweepLapsedPayments({ db: shop.db, clock: shop.clock, settlement: shop.app.services.settlement })).toBeGreaterThanOrEqual(1);
      expect(await slot(plot)).toMatchObject({ sold: before.sold, orders: before.orders });
      expect((await get(hash)).statusCode).toBe(410);
    } finally {
      shop.clock.set(new Date(NOW));
    }
  });

  it('moves with a change to the new slot’s start', async () => {
    const hash = await reserve(await tourPlot('2030-06-24'));
    const view = json<ReservationResponse>(
      await shop.app.inject({ method: 'POST', url: `/api/reservation/${hash}/change`, payload: { plot: await tourPlot('2030-06-25') } }),
    );
    expect(view.expiration_date).toBe('2030-06-25T13:00:00.000Z');
  });
});
