/**
 * The shared abuse limits (server/security/abuse-limits.ts) through the real API on a real database:
 * places per anonymous order and per address, reservations that lapse, price simulations, mails to
 * typed addresses, the refund form. Discount codes have their rule: security/code-guessing.test.ts.
 * Counted in the database (rate_limit_windows): a second app on the same database sees the same counts.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { Clock } from '../../server/clock.ts';
import { orders, organisations, outbox, plots, products, rateLimitWindows } from '../../server/db/schema/index.ts';
import { sweepLapsedPayments } from '../../server/modules/checkout/expiry-sweep.ts';
import { RULES } from '../../server/security/abuse-limits.ts';
import { startFakeCaptchaVerify, type FakeCaptchaVerify } from '../fakes/captcha-verify.ts';
import { tourCustomer } from './helpers/customers.ts';
import { createTestShop, type TestShop } from './helpers/test-app.ts';
import { tourPlot } from './helpers/tour-slot.ts';

const NOW = '2030-06-03T07:00:00Z';
const SECRET = 'abuse-captcha-secret';

let shop: TestShop;
let fake: FakeCaptchaVerify;
let tour: number;
let plot: number;
let addressCounter = 0;
const freshAddress = () => `10.9.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

beforeAll(async () => {
  fake = await startFakeCaptchaVerify({ secret: SECRET });
  shop = await createTestShop({
    now: NOW,
    config: {
      abuse: { anonymousOrderPlaces: 12, addressPlacesPerHour: 10, simulationsPerMinute: 3 },
      reservationHours: 48,
      security: { enabled: true, captchaSecret: SECRET, captchaVerifyUrl: fake.verifyUrl },
    },
  });
  const [row] = await shop.db.select({ id: products.id }).from(products).where(eq(products.slug, 'behind-the-scenes'));
  tour = row!.id;
  plot = await tourPlot(shop.db, tour, '2030-06-10');
  await shop.db.update(plots).set({ capacity: 200 }).where(eq(plots.id, plot));
});
afterAll(async () => {
  await shop?.close();
  await fake?.close();
});
beforeEach(async () => {
  shop.clock.set(NOW);
  await shop.db.delete(rateLimitWindows);
});

const tourLine = (quantity: number) => ({ product: { id: tour, plot, quantity } });
function order(body: Record<string, unknown>, address: string, options: { app?: FastifyInstance; cookie?: string } = {}) {
  return (options.app ?? shop.app).inject({
    method: 'POST',
    url: '/api/orders',
    payload: { customer: tourCustomer, ...body },
    remoteAddress: address,
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
}
async function soldOnPlot() {
  const [row] = await shop.db.select({ sold: plots.sold }).from(plots).where(eq(plots.id, plot));
  return row?.sold ?? 0;
}

describe('places', () => {
  it('refuses an anonymous order holding more than ANON_ORDER_MAX_PLACES places', async () => {
    const answer = await order({ orders: [tourLine(8), tourLine(8)] }, freshAddress());
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ ok: false, error: 'QUANTITY_INVALID' });
  });

  it('lets one address take at most ADDRESS_PLACES_PER_HOUR places, counted across API processes', async () => {
    const other = await buildApp({ db: shop.db, config: shop.config, clock: shop.clock as Clock });
    try {
      const address = freshAddress();
      expect((await order({ orders: [tourLine(8)] }, address)).statusCode).toBe(200);
      const refused = await order({ orders: [tourLine(4)] }, address, { app: other });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ ok: false, error: 'RATE_LIMITED' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not affected, and the window turns.
      expect((await order({ orders: [tourLine(4)] }, freshAddress(), { app: other })).statusCode).toBe(200);
      shop.clock.set(new Date(Date.parse(NOW) + 3600_000));
      expect((await order({ orders: [tourLine(4)] }, address)).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('reservations', () => {
  it('lapse after RESERVATION_HOURS and give their places back', async () => {
    const before = await soldOnPlot();
    const answer = await order({ action: 'reserve', orders: [tourLine(3)] }, freshAddress());
    expect(answer.statusCode, answer.body).toBe(200);
    const hash = answer.json().response.orders[0].order.hash as string;
    expect(await soldOnPlot()).toBe(before + 3);
    expect((await shop.app.inject({ url: `/api/reservation/${hash}` })).statusCode).toBe(200);

    shop.clock.set(new Date(Date.parse(NOW) + 48 * 3600_000 + 1000));
    // Gone for the shopper at once, and the sweep gives the places back.
    const lapsed = await shop.app.inject({ url: `/api/reservation/${hash}` });
    expect(lapsed.statusCode).toBe(410);
    expect(lapsed.json()).toMatchObject({ ok: false, error: 'RESERVATION_EXPIRED' });
    expect(await sweepLapsedPayments({ db: shop.db, clock: shop.clock as Clock, settlement: shop.app.services.settlement })).toBeGreaterThanOrEqual(1);
    expect(await soldOnPlot()).toBe(before);
    const [row] = await shop.db.select({ status: orders.status }).from(orders).where(eq(orders.hash, hash));
    expect(row?.status).toBe('EXPIRED');
  });

  it(`mail at most ${RULES.mailsPerRecipient.limit} confirmations an hour to one recipient, with a plain name in the greeting`, async () => {
    await shop.db.delete(outbox);
    const victim = 'victim@example.test';
    const pitch = {
      ...tourCustomer,
      email: victim,
      first_name: 'Win big at',
      last_name: 'https://evil.example',
      fields: { ...tourCustomer.fields, email_confirm: victim },
    };
    for (let index = 0; index < RULES.mailsPerRecipient.limit; index += 1) {
      expect((await order({ customer: pitch, action: 'reserve', orders: [tourLine(1)] }, freshAddress())).statusCode).toBe(200);
    }
    const refused = await order({ customer: pitch, action: 'reserve', orders: [tourLine(1)] }, freshAddress());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ ok: false, error: 'RATE_LIMITED' });
    const mails = await shop.db.select().from(outbox).where(eq(outbox.recipient, victim));
    expect(mails).toHaveLength(RULES.mailsPerRecipient.limit);
    for (const mail of mails) {
      expect(mail.text).not.toContain('evil.example');
      expect(mail.html).not.toContain('evil.example');
    }
  });
});

describe('price simulations', () => {
  it('answers at most SIMULATIONS_PER_MINUTE per address', async () => {
    const address = freshAddress();
    for (let index = 0; index < 3; index += 1) expect((await order({ simulate: true, orders: [tourLine(1)] }, address)).statusCode).toBe(200);
    const refused = await order({ simulate: true, orders: [tourLine(1)] }, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ ok: false, error: 'RATE_LIMITED' });
    expect((await order({ simulate: true, orders: [tourLine(1)] }, freshAddress())).statusCode).toBe(200);
  });

  it("counts a product's plots asked for an order as a simulation, and leaves the plain listing unlimited", async () => {
    const address = freshAddress();
    const listing = (query: Record<string, string>) =>
      shop.app.inject({ url: `/api/products/${tour}/plots?${new URLSearchParams(query).toString()}`, remoteAddress: address });
    for (let quantity = 1; quantity <= 3; quantity += 1) expect((await listing({ 'order[quantity]': String(quantity) })).statusCode).toBe(200);
    const refused = await listing({ 'order[quantity]': '1' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ ok: false, error: 'RATE_LIMITED' });
    // The same limit as the price simulations themselves.
    expect((await order({ simulate: true, orders: [tourLine(1)] }, address)).statusCode).toBe(429);
    for (let index = 0; index < 5; index += 1) expect((await listing({})).statusCode).toBe(200);
    expect((await listing({ 'order[quantity]': '0' })).statusCode).toBe(200);
  });
});

describe('the refund form', () => {
  const form = (email: string) => ({ first_name: 'Dana', last_name: 'de Vries', email, adress: '', order_number: '1234', comment: 'x' });
  const send = (body: Record<string, unknown>, address: string) =>
    shop.app.inject({ method: 'POST', url: '/api/faq/mail', payload: body, remoteAddress: address });

  it('asks for the captcha past a few requests an hour from one address, and refuses past the limit', async () => {
    await shop.db.update(organisations).set({ securityEnabled: true, captchaSiteKey: 'site-key' });
    const address = freshAddress();
    for (let index = 0; index < RULES.refundFormPerAddress.soft; index += 1) expect((await send(form(`r${index}@example.test`), address)).statusCode).toBe(201);
    const challenged = await send(form('r-next@example.test'), address);
    expect(challenged.statusCode).toBe(403);
    expect(challenged.json()).toMatchObject({ ok: false, error: 'SECURITY_CAPTCHA_REQUIRED' });
    expect((await send({ ...form('r-next@example.test'), captcha: fake.issueToken() }, address)).statusCode).toBe(201);
    for (let index = RULES.refundFormPerAddress.soft + 2; index < RULES.refundFormPerAddress.limit; index += 1) {
      expect((await send({ ...form(`s${index}@example.test`), captcha: fake.issueToken() }, address)).statusCode).toBe(201);
    }
    const refused = await send({ ...form('last@example.test'), captcha: fake.issueToken() }, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ ok: false, error: 'RATE_LIMITED' });
  });

  it(`takes at most ${RULES.refundFormPerEmail.limit} an hour for one e-mail address`, async () => {
    await shop.db.update(organisations).set({ securityEnabled: false });
    for (let index = 0; index < RULES.refundFormPerEmail.limit; index += 1)
      expect((await send(form('same@example.test'), freshAddress())).statusCode).toBe(201);
    expect((await send(form('same@example.test'), freshAddress())).statusCode).toBe(429);
  });
});
