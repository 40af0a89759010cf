/**
 * Rebooking on a real database: the entry's secret check, validation by order number and e-mail
 * (slowed per order number), answering a move token that moves the booking and opens nothing else,
 * order numbers that cannot be walked, and the move itself as an order submission — the difference and the
 * rebooking fee paid through the normal payment path, the old places given back only when the new
 * booking is paid, at once when there is nothing to pay, never when the new slot is full, and a
 * booking never moved twice.
 */
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderResponse } from '#domain/contracts/orders.ts';
import type { RebookValidateResponse } from '#domain/contracts/rebook.schema.ts';
import { additions, orders, outbox, payments, plots, products, rebookings } from '../../../server/db/schema/index.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';
import { tourCustomer } from '../helpers/customers.ts';

const NOW = '2030-06-03T07:00:00Z';
const SECRET = 'tidewater-rebook';
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
  const [row] = await shop.db.select({ sold: plots.sold, orders: plots.orderCount }).from(plots).where(eq(plots.id, id));
  return row as { sold: number; orders: number };
}

async function order(hash: string) {
  const [row] = await shop.db.select().from(orders).where(eq(orders.hash, hash));
  if (!row) throw new Error(hash);
  return row;
}

const ok = (response: LightMyRequestResponse) => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as OrderResponse;
};

function submit(line: Record<string, unknown>, customer: Record<string, unknown> = tourCustomer) {
  return shop.app.inject({ method: 'POST', url: '/api/orders', payload: { customer, action: 'pay', orders: [line] } });
}

interface Booking {
  hash: string;
  id: number;
  /** The order number people are given (orders.number). */
  number: number;
  /** A move token for it, from validation. */
  token: string;
  /** Its customer's e-mail: one per booking, so validations stay within the per-address limit. */
  email: string;
}
let bookings = 0;

const validate = (number: number, email: string, secret = SECRET) =>
  shop.app.inject({ method: 'POST', url: '/api/rebook/validate', payload: { order: { id: number, email }, secret }, remoteAddress: `10.0.0.${number % 250}` });

/** A paid booking of `quantity` tours on `plot`, validated for a move. */
async function paidBooking(plot: number, quantity = 2): Promise<Booking> {
  bookings += 1;
  const email = `ada+${bookings}@example.test`;
  const customer = { ...tourCustomer, email, fields: { ...(tourCustomer.fields as Record<string, string | boolean>), email_confirm: email } };
  const [line] = ok(await submit({ product: { id: tour, plot, quantity } }, customer)).response.orders;
  const result = await shop.app.services.settlement.settle(line?.payment?.hash as string, 'paid', { key: 'test:paid' });
  expect(result?.status).toBe('paid');
  const row = await order(line?.order?.hash as string);
  const validated = await validate(row.number, email);
  expect(validated.statusCode, validated.body).toBe(200);
  return { hash: row.hash, id: row.id, number: row.number, token: (validated.json() as RebookValidateResponse).response.token, email };
}

const rebookLine = (token: string, plot: number, quantity = 2) => ({ product: { id: tour, plot, quantity }, rebook: token, rebook_secret: SECRET });

beforeAll(async () => {
  shop = await createTestShop({ now: NOW });
  const [row] = await shop.db.select({ id: products.id }).from(products).where(eq(products.slug, 'behind-the-scenes'));
  tour = row?.id as number;
});

afterAll(async () => {
  await shop?.close();
});

describe('GET /api/rebook/secret/{secret}/{orderId}', () => {
  it('answers ok for the shop’s secret and 404 for any other, or when rebooking is off', async () => {
    expect((await shop.app.inject({ url: `/api/rebook/secret/${SECRET}/12` })).json()).toEqual({ ok: true });
    expect((await shop.app.inject({ url: '/api/rebook/secret/guess/12' })).statusCode).toBe(404);
  });
});

describe('POST /api/rebook/validate', () => {
  it('answers what the product flow preloads for the order number and e-mail, any case', async () => {
    const plot = await tourPlot('2030-06-10');
    const booking = await paidBooking(plot);
    const response = await validate(booking.number, `  ${booking.email.toUpperCase()} `);
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as RebookValidateResponse).response).toMatchObject({
      token: expect.stringMatching(/^[\w-]{43}$/),
      expires_at: '2030-06-03T08:00:00.000Z',
      product: tour,
      plot,
      status: 'PAID',
      quantity: { product: 2, upsell: {} },
      amount: 71,
      customer: { first_name: 'Ada', email: booking.email },
    });
  });

  it('answers of the customer only the name and e-mail the flow preloads, never stored fields such as the date of birth (issue 37)', async () => {
    const booking = await paidBooking(await tourPlot('2030-06-10'));
    const response = await validate(booking.number, booking.email);
    const { customer } = (response.json() as RebookValidateResponse).response;
    expect(customer).toEqual({
      first_name: tourCustomer.first_name,
      last_name: tourCustomer.last_name,
      email: booking.email,
      company: null,
      vat_id: null,
      address: null,
      zipcode: null,
      city: null,
      // The e-mail's confirmation stays locked with the e-mail: the one field answered, holding what was typed.
      fields: { email_confirm: booking.email },
    });
    expect(response.body).not.toContain('1990-01-01');
  });

  it('never answers the order’s hash: its move token moves that booking and opens nothing else, and lasts an hour', async () => {
    const booking = await paidBooking(await tourPlot('2030-06-10'));
    const to = await tourPlot('2030-06-11');
    const response = await validate(booking.number, booking.email);
    expect(response.body).not.toContain(booking.hash);
    const { token } = (response.json() as RebookValidateResponse).response;
    // The token is no order's handle: no details, no e-tickets, no cancel.
    expect((await shop.app.inject({ url: `/api/orders/${token}/details` })).statusCode).toBe(404);
    expect((await shop.app.inject({ method: 'POST', url: `/api/reservation/${token}/cancel` })).statusCode).toBe(404);
    // The order's own hash does not move it either: only a token from validation does.
    const byHash = await submit(rebookLine(booking.hash, to));
    expect(byHash.statusCode).toBe(409);
    expect(byHash.json().error).toBe('REBOOK_NOT_ALLOWED');
    const simulate = () =>
      shop.app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: { customer: tourCustomer, simulate: true, orders: [{ ...rebookLine(token, to), simulate: true }] },
      });
    expect((await simulate()).statusCode).toBe(200);
    shop.clock.set(new Date(Date.parse(NOW) + 61 * 60_000));
    try {
      const expired = await simulate();
      expect(expired.statusCode).toBe(409);
      expect(expired.json().error).toBe('REBOOK_NOT_ALLOWED');
    } finally {
      shop.clock.set(new Date(NOW));
    }
  });

  it('numbers orders at random (9 digits), so that numbers cannot be walked; the internal id finds nothing', async () => {
    const plot = await tourPlot('2030-06-12');
    const bookings = [];
    for (let count = 0; count < 6; count += 1) bookings.push(await paidBooking(plot, 1));
    const numbers = bookings.map((booking) => booking.number);
    for (const number of numbers) expect(number).toBeGreaterThanOrEqual(100_000_000);
    for (const number of numbers) expect(number).toBeLessThan(1_000_000_000);
    const steps = numbers.slice(1).map((number, index) => number - (numbers[index] as number));
    // Consecutive orders: neither one step apart nor in order.
    expect(steps.some((step) => Math.abs(step) > 1_000)).toBe(true);
    expect(steps.every((step) => step > 0)).toBe(false);
    const last = bookings.at(-1) as Booking;
    expect((await validate(last.id, last.email)).statusCode).toBe(404);
  });

  it('answers the same 404 with its error_info for a wrong e-mail and an unknown number, and REBOOK_NOT_ALLOWED for a wrong secret', async () => {
    const booking = await paidBooking(await tourPlot('2030-06-10'));
    const wrongMail = await validate(booking.number, 'eve@example.test');
    const unknown = await validate(99_999_999, 'ada@example.test');
    expect([wrongMail.statusCode, unknown.statusCode]).toEqual([404, 404]);
    expect(wrongMail.json()).toMatchObject({ error: 'NOT_FOUND', error_info: 'No order with this number and e-mail address.' });
    expect(unknown.json()).toEqual(wrongMail.json());
    const wrongSecret = await validate(booking.number, booking.email, 'guess');
    expect(wrongSecret.statusCode).toBe(409);
    expect(wrongSecret.json()).toMatchObject({ error: 'REBOOK_NOT_ALLOWED', message: 'Rebook is not allowed', error_info: 'Rebook is not allowed' });
  });

  it('slows down guessing: the sixth try on one order number within the window is refused with 429', async () => {
    const booking = await paidBooking(await tourPlot('2030-06-11'));
    // Validated once already (paidBooking): four more guesses fill the window.
    for (let attempt = 0; attempt < 4; attempt += 1) expect((await validate(booking.number, `guess${attempt}@example.test`)).statusCode).toBe(404);
    const refused = await validate(booking.number, booking.email);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('POST /api/orders with rebook and rebook_secret', () => {
  it('charges the rebooking fee through the payment; the old places go back only when it is paid, with a mail for the new date', async () => {
    const from = await tourPlot('2030-06-12');
    const to = await tourPlot('2030-06-13');
    const booking = await paidBooking(from);
    const [fromBefore, toBefore] = [await slot(from), await slot(to)];
    // Another e-mail address is sent: the booking's stays.
    const [line] = ok(await submit(rebookLine(booking.token, to), { ...tourCustomer, email: 'eve@example.test' })).response.orders;
    expect(line?.order?.status).toBe('PENDING');
    expect(line?.prices).toMatchObject({ product: 70, additions: 2.5, total: 72.5 });
    const [payment] = await shop.db
      .select()
      .from(payments)
      .where(eq(payments.hash, line?.payment?.hash as string));
    expect(payment?.amountCents).toBe(250);
    // Not paid yet: the booking keeps its places, and it cannot be moved again meanwhile.
    expect((await order(booking.hash)).status).toBe('PAID');
    expect(await slot(from)).toEqual(fromBefore);
    const twice = await submit(rebookLine(booking.token, await tourPlot('2030-06-14')));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('REBOOK_NOT_ALLOWED');

    const mailsBefore = (await shop.db.select().from(outbox)).length;
    await shop.app.services.settlement.settle(payment?.hash as string, 'paid', { key: 'test:rebook-paid' });
    const moved = await order(line?.order?.hash as string);
    expect(moved).toMatchObject({ status: 'PAID', plotId: to, rebookOfOrderId: booking.id });
    expect(moved.customer.email).toBe(booking.email);
    expect((await order(booking.hash)).status).toBe('CANCELLED');
    expect(await slot(from)).toEqual({ sold: fromBefore.sold - 2, orders: fromBefore.orders - 1 });
    expect(await slot(to)).toEqual({ sold: toBefore.sold + 2, orders: toBefore.orders + 1 });
    const mails = (await shop.db.select().from(outbox)).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Thursday, 13 June 2030, 15:00');
    expect(await shop.db.select().from(rebookings).where(eq(rebookings.originalOrderId, booking.id))).toMatchObject([{ status: 'DONE' }]);
    // Moved: the same request again finds nothing to move.
    const again = await submit(rebookLine(booking.token, to));
    expect(again.statusCode).toBe(409);
  });

  it('charges the difference of a dearer booking plus the fee', async () => {
    const booking = await paidBooking(await tourPlot('2030-06-17'));
    const [line] = ok(await submit(rebookLine(booking.token, await tourPlot('2030-06-18'), 3))).response.orders;
    const [payment] = await shop.db
      .select()
      .from(payments)
      .where(eq(payments.hash, line?.payment?.hash as string));
    expect(payment?.amountCents).toBe(3500 + 250);
  });

  it('tells a simulation what the rebooking’s payment will ask, writing nothing; a wrong secret is refused there too', async () => {
    const booking = await paidBooking(await tourPlot('2030-06-19'));
    const to = await tourPlot('2030-06-20');
    const simulate = (line: Record<string, unknown>) =>
      shop.app.inject({ method: 'POST', url: '/api/orders', payload: { customer: tourCustomer, simulate: true, orders: [{ ...line, simulate: true }] } });
    const before = await slot(to);
    const [same] = ok(await simulate(rebookLine(booking.token, to))).response.orders;
    // Same price: only the rebooking fee (type 1 additions); the prices name the fee as additions.
    expect(same?.amount).toBe(2.5);
    expect(same?.prices.additions).toBe(2.5);
    const [dearer] = ok(await simulate(rebookLine(booking.token, to, 3))).response.orders;
    expect(dearer?.amount).toBe(35 + 2.5);
    // A plain simulation carries no amount.
    const [plain] = ok(await simulate({ product: { id: tour, plot: to, quantity: 2 } })).response.orders;
    expect(plain).not.toHaveProperty('amount');
    expect(await slot(to)).toEqual(before);
    expect((await order(booking.hash)).status).toBe('PAID');
    const refused = await simulate({ ...rebookLine(booking.token, to), rebook_secret: 'guess' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'REBOOK_NOT_ALLOWED' });
  });

  it('moves at once, in one transaction, when there is nothing to pay', async () => {
    await shop.db.update(additions).set({ amountCents: 0 }).where(eq(additions.type, 1));
    try {
      const from = await tourPlot('2030-06-19');
      const to = await tourPlot('2030-06-20');
      const booking = await paidBooking(from);
      const [fromBefore, toBefore] = [await slot(from), await slot(to)];
      const [line] = ok(await submit(rebookLine(booking.token, to))).response.orders;
      expect(line?.order?.status).toBe('PAID');
      expect((await order(booking.hash)).status).toBe('CANCELLED');
      expect(await slot(from)).toEqual({ sold: fromBefore.sold - 2, orders: fromBefore.orders - 1 });
      expect(await slot(to)).toEqual({ sold: toBefore.sold + 2, orders: toBefore.orders + 1 });
    } finally {
      await shop.db.update(additions).set({ amountCents: 250 }).where(eq(additions.type, 1));
    }
  });

  it('moves nothing when the new slot is full', async () => {
    const from = await tourPlot('2030-06-21');
    const to = await tourPlot('2030-06-24');
    const booking = await paidBooking(from);
    await shop.db.update(plots).set({ maxOrders: 0 }).where(eq(plots.id, to));
    const refused = await submit(rebookLine(booking.token, to));
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toBe('ORDER_LIMIT_REACHED');
    expect((await order(booking.hash)).status).toBe('PAID');
    expect((await validate(booking.number, booking.email)).statusCode).toBe(200);
  });

  it('refuses a booking whose slot has started, and another product than the booking’s', async () => {
    const booking = await paidBooking(await tourPlot('2030-06-25'));
    const started = await shop.db
      .select({ id: plots.id })
      .from(plots)
      .where(and(eq(plots.productId, tour), eq(plots.date, '2030-06-25')));
    expect(started.length).toBeGreaterThan(0);
    shop.clock.set(new Date('2030-06-25T14:00:00Z'));
    try {
      const response = await submit(rebookLine(booking.token, await tourPlot('2030-06-26')));
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toBe('REBOOK_NOT_ALLOWED');
    } finally {
      shop.clock.set(new Date(NOW));
    }
    const other = await submit({ ...rebookLine(booking.token, await tourPlot('2030-06-26')), product: { id: tour + 1000, plot: 1, quantity: 1 } });
    expect(other.json().error).toBe('REBOOK_NOT_ALLOWED');
  });
});
