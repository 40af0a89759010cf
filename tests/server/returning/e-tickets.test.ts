/**
 * E-tickets on a real database: one per admission of a paid order, signed by the shop (checked
 * offline with its public key, never the order's hash), shown with their QR codes on the paid
 * order's page and carried by the confirmation mail; a gate's check-in admits a code once.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OrderResponse } from '#domain/contracts/orders.ts';
import type { PaidOrder, TicketVerifyResponse } from '#domain/contracts/paid-order.schema.ts';
import { loadConfig } from '../../../server/config.ts';
import { orders, outbox, plots, products } from '../../../server/db/schema/index.ts';
import { readTicketCode, signTicket, ticketKeys, ticketKeysFromSeed } from '../../../server/modules/tickets/ticket-code.ts';
import { createMailer } from '../../../server/modules/mail/mailer.ts';
import { startSmtpSink } from '../helpers/smtp-sink.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';
import { tourCustomer } from '../helpers/customers.ts';

const NOW = '2030-06-03T07:00:00Z';
/** At the gate on the tour's day (2030-06-12, 12:00 in Amsterdam). */
const AT_THE_GATE = '2030-06-12T10:00:00Z';
let shop: TestShop;
let tour: number;
let plot: number;

async function order(action: 'pay' | 'reserve' = 'pay', quantity = 2) {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: { customer: tourCustomer, action, orders: [{ product: { id: tour, plot, quantity } }] },
  });
  expect(response.statusCode, response.body).toBe(200);
  const [line] = (response.json() as OrderResponse).response.orders;
  return { hash: line?.order?.hash as string, payment: line?.payment?.hash as string };
}

async function paid(quantity = 2) {
  const placed = await order('pay', quantity);
  await shop.app.services.settlement.settle(placed.payment, 'paid', { key: 'tickets:paid' });
  const details = await shop.app.inject({ url: `/api/orders/${placed.hash}/details` });
  expect(details.statusCode, details.body).toBe(200);
  return { ...placed, details: details.json() as PaidOrder };
}

const CHECKIN_TOKEN = 'gate-operators-token-0123456789';
const verifyAs = (code: string, authorization: string | null) =>
  shop.app.inject({ method: 'POST', url: '/api/tickets/verify', payload: { code }, headers: authorization === null ? {} : { authorization } });

const verify = async (code: string, gateProducts?: number[]) => {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/tickets/verify',
    payload: { code, ...(gateProducts ? { products: gateProducts } : {}) },
    headers: { authorization: `Bearer ${CHECKIN_TOKEN}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TicketVerifyResponse;
};

beforeAll(async () => {
  shop = await createTestShop({ now: NOW, config: { checkinToken: CHECKIN_TOKEN } });
  const [row] = await shop.db.select({ id: products.id }).from(products).where(eq(products.slug, 'behind-the-scenes'));
  tour = row?.id as number;
  const rows = await shop.db.select({ id: plots.id, date: plots.date, start: plots.startTime }).from(plots).where(eq(plots.productId, tour));
  plot = rows.find((candidate) => candidate.date === '2030-06-12' && candidate.start === '15:00:00')?.id as number;
  // Room for every order of this file.
  await shop.db.update(plots).set({ capacity: 100, maxOrders: null }).where(eq(plots.id, plot));
});

afterAll(async () => {
  await shop?.close();
});

describe('GET /api/orders/{hash}/details', () => {
  it('shows the paid order: what, when, who, total and fee, a readable number and one signed ticket per admission', async () => {
    const { hash, details } = await paid(3);
    expect(details).toMatchObject({
      hash,
      status: 'PAID',
      product: { id: tour, title: 'Behind the scenes tour' },
      plot: { date: '2030-06-12', time: { start: '15:00', end: '16:30' } },
      timezone: 'Europe/Amsterdam',
      quantity: 3,
      customer: { first_name: 'Ada', email: 'ada@example.test' },
      subtotal: 105,
      fee: 1,
      total: 106,
      rebooking_secret: 'tidewater-rebook',
    });
    expect(details.order_number).toBeGreaterThan(0);
    expect(details.tickets.map((ticket) => ticket.position)).toEqual([1, 2, 3]);
    const { publicKey } = ticketKeys(shop.config);
    for (const ticket of details.tickets) {
      expect(readTicketCode(publicKey, ticket.code)).not.toBeNull();
      expect(ticket.code).not.toContain(hash);
      expect(ticket.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    }
    expect(new Set(details.tickets.map((ticket) => ticket.code)).size).toBe(3);
  });

  it('answers 404 for an order that is not paid', async () => {
    const { hash } = await order('reserve');
    expect((await shop.app.inject({ url: `/api/orders/${hash}/details` })).statusCode).toBe(404);
  });

  it('sends the tickets with the confirmation mail as inline QR images', async () => {
    const before = (await shop.db.select().from(outbox)).length;
    const { details } = await paid(2);
    const [mail] = (await shop.db.select().from(outbox)).slice(before);
    expect(mail?.payload).toMatchObject({ tickets: details.tickets.map((ticket) => ticket.code) });
    expect(mail?.html).toContain('src="cid:ticket-1@shop"');
    expect(mail?.html).toContain('src="cid:ticket-2@shop"');
    expect(mail?.text).toContain('Your e-tickets');
  });
});

describe('POST /api/tickets/verify', () => {
  afterEach(() => shop.clock.set(new Date(NOW)));

  it('checks a ticket in once on its day: valid, then already used', async () => {
    const { details } = await paid(2);
    const [first, second] = details.tickets;
    shop.clock.set(new Date(AT_THE_GATE));
    const admitted = await verify(first?.code as string);
    expect(admitted).toMatchObject({
      result: 'valid',
      ticket: { order_number: details.order_number, position: 1, of: 2, product_id: tour, date: '2030-06-12' },
    });
    expect(await verify(first?.code as string)).toMatchObject({ result: 'already_used', used_at: AT_THE_GATE.replace('Z', '.000Z') });
    // Two gates scanning the other ticket at once: one admits it.
    const both = await Promise.all([verify(second?.code as string), verify(second?.code as string)]);
    expect(both.map((answer) => answer.result).sort()).toEqual(['already_used', 'valid']);
  });

  it('is only for operators: without the token, or with another, 401 CHECKIN_UNAUTHORIZED and the ticket stays unused', async () => {
    const { details } = await paid(1);
    const code = details.tickets[0]?.code as string;
    for (const authorization of [null, 'Bearer wrong-token', `Basic ${CHECKIN_TOKEN}`, `Bearer ${CHECKIN_TOKEN}x`, CHECKIN_TOKEN]) {
      const refused = await verifyAs(code, authorization);
      expect(refused.statusCode, String(authorization)).toBe(401);
      expect(refused.json()).toMatchObject({ error: 'CHECKIN_UNAUTHORIZED' });
      expect(refused.headers['www-authenticate']).toBe('Bearer');
    }
    shop.clock.set(new Date(AT_THE_GATE));
    expect((await verify(code)).result).toBe('valid');
  });

  it('answers unknown for forged, altered or foreign codes, and for a ticket of an order that was moved', async () => {
    const { details, hash } = await paid(1);
    const code = details.tickets[0]?.code as string;
    const [prefix, id, nonce, signature] = code.split('.') as [string, string, string, string];
    const otherShop = ticketKeysFromSeed(Buffer.alloc(32, 7));
    for (const forged of [
      'not a ticket',
      `${prefix}.${Number(id) + 1}.${nonce}.${signature}`,
      `${prefix}.${id}.${nonce}x.${signature}`,
      signTicket(otherShop, { id: Number(id), nonce }),
      hash,
    ]) {
      expect((await verify(forged)).result, forged).toBe('unknown');
    }
    // A rebooked order is cancelled once moved: its tickets stop counting.
    await shop.db.update(orders).set({ status: 'CANCELLED' }).where(eq(orders.hash, hash));
    shop.clock.set(new Date(AT_THE_GATE));
    expect((await verify(code)).result).toBe('unknown');
  });

  it.each([
    ['the day before (shop time: 23:30 in Amsterdam on 11 June)', '2030-06-11T21:30:00Z'],
    ['the day after (shop time: 00:30 in Amsterdam on 13 June)', '2030-06-12T22:30:00Z'],
    ['a week early', '2030-06-05T10:00:00Z'],
  ])('answers wrong_day for a ticket scanned %s, and leaves it unused', async (_name, when) => {
    const { details } = await paid(1);
    const code = details.tickets[0]?.code as string;
    shop.clock.set(new Date(when));
    expect(await verify(code)).toMatchObject({ result: 'wrong_day', used_at: null, ticket: { date: '2030-06-12', product_id: tour } });
    shop.clock.set(new Date(AT_THE_GATE));
    expect((await verify(code)).result).toBe('valid');
  });

  it('answers wrong_product at a gate that names other products, and leaves the ticket unused', async () => {
    const { details } = await paid(1);
    const code = details.tickets[0]?.code as string;
    shop.clock.set(new Date(AT_THE_GATE));
    expect(await verify(code, [tour + 1000])).toMatchObject({ result: 'wrong_product', used_at: null, ticket: { product_id: tour } });
    expect(await verify(code, [tour + 1000, tour])).toMatchObject({ result: 'valid' });
    expect(await verify(code, [tour + 1000])).toMatchObject({ result: 'wrong_product' });
  });
});

describe('CHECKIN_TOKEN', () => {
  it('unset, check-in is off: 403 CHECKIN_DISABLED, whatever is sent', async () => {
    const closed = await createTestShop({ now: NOW, config: { checkinToken: null } });
    try {
      const response = await closed.app.inject({
        method: 'POST',
        url: '/api/tickets/verify',
        payload: { code: 'anything' },
        headers: { authorization: `Bearer ${CHECKIN_TOKEN}` },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: 'CHECKIN_DISABLED' });
    } finally {
      await closed.close();
    }
  });

  it('is read from the environment, unset by default, and refused when short', () => {
    expect(loadConfig({}).checkinToken).toBeNull();
    expect(loadConfig({ CHECKIN_TOKEN: ` ${CHECKIN_TOKEN} ` }).checkinToken).toBe(CHECKIN_TOKEN);
    expect(() => loadConfig({ CHECKIN_TOKEN: 'short' })).toThrow(/CHECKIN_TOKEN/);
  });
});

describe('TICKET_SIGNING_KEY', () => {
  it('is required in production and must be a 32-byte key', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'stripe' })).toThrow(/TICKET_SIGNING_KEY/);
    expect(() => loadConfig({ TICKET_SIGNING_KEY: 'short' })).toThrow(/32 bytes/);
    const key = randomBytes(32).toString('base64url');
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'stripe', TICKET_SIGNING_KEY: key }).ticketSigningKey).toBe(key);
  });
});

describe('the confirmation mail as delivered over SMTP', () => {
  it('carries each ticket as an inline PNG the HTML shows by its Content-ID', async () => {
    const sink = await startSmtpSink();
    const mailer = createMailer({ smtpUrl: sink.url, mailFrom: 'Tidewater shop <shop@tidewater.example>' }, shop.app.services.mailAttachments);
    try {
      const before = (await shop.db.select().from(outbox)).length;
      await paid(2);
      const [mail] = (await shop.db.select().from(outbox)).slice(before);
      if (!mail) throw new Error('no confirmation mail');
      await mailer.send({ ...mail, attempts: 1 });
      const [received] = sink.received;
      expect(received?.raw).toContain('Content-ID: <ticket-1@shop>');
      expect(received?.raw).toContain('Content-ID: <ticket-2@shop>');
      expect(received?.raw.match(/Content-Type: image\/png/g)).toHaveLength(2);
      // And the PDF tickets and the receipt, rendered as the mail is sent (tests/server/tickets/ticket-documents.test.ts
      // and tests/server/documents/money-journey.test.ts read them).
      expect(received?.raw.match(/Content-Type: application\/pdf/g)).toHaveLength(2);
    } finally {
      mailer.close();
      await sink.close();
    }
  });
});
