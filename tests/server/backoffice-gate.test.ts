/**
 * The gate for people (back office): a staff member's scan verifies the Ed25519 code and checks the
 * ticket in once through the tickets module's one check-in; refunded, wrong-day, forged and altered
 * codes are said to be so and nothing changes; an offline scanner's queued scans sync first-wins by
 * scan time; the day's list and manual lookup find the visitor. Real database, real HTTP (inject).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GateDay, GateScan } from '#domain/contracts/gate.schema.ts';
import type { OrderResponse } from '#domain/contracts/orders.ts';
import type { PaidOrder } from '#domain/contracts/paid-order.schema.ts';
import { audiences, orders, plots, productAudiences, products, rateLimitWindows, tickets } from '../../server/db/schema/index.ts';
import { RULES } from '../../server/security/abuse-limits.ts';
import { createTestShop, type TestShop } from './helpers/test-app.ts';
import { tourCustomer } from './helpers/customers.ts';
import { staffSession, type StaffSession } from './helpers/staff-session.ts';

const NOW = '2030-06-03T07:00:00Z';
const AT_THE_GATE = '2030-06-12T10:00:00Z';
let shop: TestShop;
let tour: number;
let plot: number;
let gate: StaffSession;

async function paidTickets(quantity = 2) {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: { customer: tourCustomer, action: 'pay', orders: [{ product: { id: tour, plot, quantity } }] },
  });
  expect(response.statusCode, response.body).toBe(200);
  const [line] = (response.json() as OrderResponse).response.orders;
  await shop.app.services.settlement.settle(line?.payment?.hash as string, 'paid', { key: 'gate:paid' });
  const details = await shop.app.inject({ url: `/api/orders/${line?.order?.hash}/details` });
  const paid = details.json() as PaidOrder;
  return { number: paid.order_number, codes: paid.tickets.map((ticket) => ticket.code) };
}

async function scan(code: string, session = gate, where = 'north gate') {
  const response = await shop.app.inject({ method: 'POST', url: '/api/backoffice/gate/scan', headers: session.headers, payload: { code, where } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as GateScan;
}

beforeAll(async () => {
  shop = await createTestShop({ now: NOW });
  const [row] = await shop.db.select({ id: products.id }).from(products).where(eq(products.slug, 'behind-the-scenes'));
  tour = row?.id as number;
  const rows = await shop.db.select({ id: plots.id, date: plots.date, start: plots.startTime }).from(plots).where(eq(plots.productId, tour));
  plot = rows.find((candidate) => candidate.date === '2030-06-12' && candidate.start === '15:00:00')?.id as number;
  await shop.db.update(plots).set({ capacity: 100, maxOrders: null }).where(eq(plots.id, plot));
  gate = await staffSession(shop.app, 'gate');
});

afterAll(async () => {
  await shop?.close();
});

/** The clock at `when`, with a gate session signed in then (a staff session lasts 12 hours). */
async function at(when: string) {
  shop.clock.set(new Date(when));
  gate = await staffSession(shop.app, 'gate');
}

afterEach(async () => {
  await at(NOW);
});

describe('POST /api/backoffice/gate/scan', () => {
  it('checks a ticket in once: valid, then already used saying when and where', async () => {
    const { codes, number } = await paidTickets();
    await at(AT_THE_GATE);
    const first = await scan(codes[0] as string);
    expect(first).toMatchObject({ result: 'valid', used_at: AT_THE_GATE.replace('Z', '.000Z'), used_where: 'north gate' });
    // A gate account hears the first name only (least privilege below).
    expect(first.ticket).toMatchObject({ order_number: number, position: 1, of: 2, name: tourCustomer.first_name });
    await at('2030-06-12T10:05:00Z');
    const second = await scan(codes[0] as string, gate, 'south gate');
    expect(second).toMatchObject({ result: 'already_used', used_at: first.used_at, used_where: 'north gate' });
    // The other ticket of the order is still unused.
    expect((await scan(codes[1] as string)).result).toBe('valid');
    const [row] = await shop.db.select().from(tickets).where(eq(tickets.usedWhere, 'north gate')).limit(1);
    expect(row?.usedByStaffId).toBe(gate.staffId);
  });

  it('answers unknown for a forged or altered code, and checks nothing in', async () => {
    const { codes } = await paidTickets();
    await at(AT_THE_GATE);
    const [prefix, id, nonce, signature] = (codes[0] as string).split('.') as [string, string, string, string];
    const altered = [
      `${prefix}.${Number(id) + 1}.${nonce}.${signature}`,
      `${prefix}.${id}.${nonce.slice(0, -1)}A.${signature}`,
      `${prefix}.${id}.${nonce}.${'A'.repeat(86)}`,
      'hello',
    ];
    for (const code of altered) expect((await scan(code)).result, code).toBe('unknown');
    const rows = await shop.db
      .select({ usedAt: tickets.usedAt })
      .from(tickets)
      .where(eq(tickets.id, Number(id)));
    expect(rows[0]?.usedAt).toBeNull();
  });

  it('answers wrong_day before the visit day and leaves the ticket unused', async () => {
    const { codes } = await paidTickets();
    expect((await scan(codes[0] as string)).result).toBe('wrong_day');
    await at(AT_THE_GATE);
    expect((await scan(codes[0] as string)).result).toBe('valid');
  });

  it('answers refunded for a ticket of a refunded order', async () => {
    const { codes, number } = await paidTickets();
    await shop.db.update(orders).set({ status: 'REFUNDED' }).where(eq(orders.number, number));
    await at(AT_THE_GATE);
    expect((await scan(codes[0] as string)).result).toBe('refunded');
  });

  it('is for staff only: 401 without a session, 403 without the CSRF header', async () => {
    const { codes } = await paidTickets();
    const anonymous = await shop.app.inject({ method: 'POST', url: '/api/backoffice/gate/scan', payload: { code: codes[0] } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: 'STAFF_SESSION_REQUIRED' });
    const noCsrf = await shop.app.inject({ method: 'POST', url: '/api/backoffice/gate/scan', headers: { cookie: gate.cookie }, payload: { code: codes[0] } });
    expect(noCsrf.statusCode).toBe(403);
    const badBody = await shop.app.inject({ method: 'POST', url: '/api/backoffice/gate/scan', headers: gate.headers, payload: { code: '' } });
    expect(badBody.statusCode).toBe(400);
  });
});

describe('POST /api/backoffice/gate/sync (offline scans)', () => {
  it('admits the earliest of two scans of one ticket, even when it syncs after the later one', async () => {
    const { codes } = await paidTickets();
    await at('2030-06-12T10:30:00Z');
    // Online gate scans at 10:30; an offline phone had scanned it at 10:10 and syncs now.
    expect((await scan(codes[0] as string, gate, 'online')).result).toBe('valid');
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/backoffice/gate/sync',
      headers: gate.headers,
      payload: {
        where: 'offline phone',
        scans: [
          { code: codes[0], scanned_at: '2030-06-12T10:10:00Z' },
          { code: codes[1], scanned_at: '2030-06-12T10:11:00Z' },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { results } = response.json() as { results: GateScan[] };
    expect(results.map((r) => r.result)).toEqual(['already_used', 'valid']);
    const again = await scan(codes[0] as string);
    expect(again).toMatchObject({ result: 'already_used', used_at: '2030-06-12T10:10:00.000Z', used_where: 'offline phone' });
    // A later offline scan loses to the earlier check-in.
    const late = await shop.app.inject({
      method: 'POST',
      url: '/api/backoffice/gate/sync',
      headers: gate.headers,
      payload: { scans: [{ code: codes[1], scanned_at: '2030-06-12T10:20:00Z' }] },
    });
    expect((late.json() as { results: GateScan[] }).results[0]).toMatchObject({ result: 'already_used', used_at: '2030-06-12T10:11:00.000Z' });
  });
});

describe('GET /api/backoffice/gate/day and /gate/lookup, POST /gate/check-in', () => {
  it('lists the day’s tickets with the public key (no codes), finds a ticket by order number, checks it in by hand', async () => {
    const { number } = await paidTickets(1);
    await at(AT_THE_GATE);
    const day = await shop.app.inject({ url: '/api/backoffice/gate/day', headers: gate.headers });
    expect(day.statusCode, day.body).toBe(200);
    const body = day.json() as GateDay;
    expect(body.date).toBe('2030-06-12');
    expect(body.public_key).toBe(shop.app.services.tickets.publicKeySpki());
    const mine = body.tickets.find((ticket) => ticket.order_number === number);
    expect(mine).toMatchObject({ status: 'PAID', used_at: null });
    expect(JSON.stringify(body)).not.toMatch(/T1\./);
    const found = await shop.app.inject({ url: `/api/backoffice/gate/lookup?q=${number}`, headers: gate.headers });
    const [ticket] = (found.json() as { tickets: Array<{ id: number }> }).tickets;
    expect(ticket?.id).toBe(mine?.id);
    const manual = await shop.app.inject({ method: 'POST', url: '/api/backoffice/gate/check-in', headers: gate.headers, payload: { ticket_id: ticket?.id } });
    expect(manual.json()).toMatchObject({ result: 'valid', used_where: 'gate' });
  });
});

describe('least privilege at the gate (issue 37 item 4)', () => {
  const lookup = (q: string, session = gate) => shop.app.inject({ url: `/api/backoffice/gate/lookup?q=${encodeURIComponent(q)}`, headers: session.headers });

  it('a gate account sees the first name, the product, the slot and the audience, never the last name', async () => {
    const { codes, number } = await paidTickets(1);
    await at(AT_THE_GATE);
    const scanned = await scan(codes[0] as string);
    expect(scanned.ticket).toMatchObject({ order_number: number, name: tourCustomer.first_name, date: '2030-06-12', audience: null });
    expect(JSON.stringify(scanned)).not.toContain(tourCustomer.last_name);
    // The box office (who sees orders anyway) still hears the full name.
    const desk = await staffSession(shop.app, 'box_office');
    const [other] = (await paidTickets(1)).codes;
    expect((await scan(other as string, desk)).ticket?.name).toBe(`${tourCustomer.first_name} ${tourCustomer.last_name}`);
  });

  it('names the audience of each ticket of an order by audience', async () => {
    const [aquarium] = await shop.db.select({ id: products.id }).from(products).where(eq(products.slug, 'aquarium-entry'));
    const offered = await shop.db
      .select({ id: audiences.id, texts: audiences.texts })
      .from(productAudiences)
      .innerJoin(audiences, eq(audiences.id, productAudiences.audienceId))
      .where(eq(productAudiences.productId, aquarium?.id as number));
    const byName = (name: string) => offered.find((row) => (row.texts as Record<string, { name: string }>).en?.name.startsWith(name))?.id as number;
    const [slot] = await shop.db
      .select({ id: plots.id })
      .from(plots)
      .where(and(eq(plots.productId, aquarium?.id as number), eq(plots.date, '2030-06-12')))
      .limit(1);
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        customer: tourCustomer,
        action: 'pay',
        orders: [
          {
            product: { id: aquarium?.id, plot: slot?.id, quantity: 3 },
            audiences: { [byName('Adult')]: { quantity: 2 }, [byName('Senior')]: { quantity: 1 } },
          },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [line] = (response.json() as OrderResponse).response.orders;
    await shop.app.services.settlement.settle(line?.payment?.hash as string, 'paid', { key: 'gate:paid' });
    const paid = (await shop.app.inject({ url: `/api/orders/${line?.order?.hash}/details` })).json() as PaidOrder;
    await at(AT_THE_GATE);
    const names = [];
    for (const ticket of paid.tickets) names.push((await scan(ticket.code)).ticket?.audience);
    // Ticket 1..n in the order's lines as its confirmation lists them, each line covering its quantity.
    const audienceLines = paid.lines.filter((line) => ['Adult', 'Senior (65+)'].includes(line.name));
    expect(audienceLines.map((line) => line.quantity).sort()).toEqual([1, 2]);
    expect(names).toEqual(audienceLines.flatMap((line) => Array<string>(line.quantity).fill(line.name)));
  });

  it('keeps the day list of a gate account free of names', async () => {
    const { number } = await paidTickets(1);
    await at(AT_THE_GATE);
    const day = (await shop.app.inject({ url: '/api/backoffice/gate/day', headers: gate.headers })).json() as GateDay;
    const mine = day.tickets.find((ticket) => ticket.order_number === number);
    expect(mine).toMatchObject({ status: 'PAID', name: '' });
    expect(day.tickets.every((ticket) => ticket.name === '')).toBe(true);
    expect(JSON.stringify(day)).not.toContain(tourCustomer.last_name);
    const desk = await staffSession(shop.app, 'box_office');
    const deskDay = (await shop.app.inject({ url: '/api/backoffice/gate/day', headers: desk.headers })).json() as GateDay;
    expect(deskDay.tickets.find((ticket) => ticket.order_number === number)?.name).toBe(`${tourCustomer.first_name} ${tourCustomer.last_name}`);
  });

  it('looks up by exact order number or ticket code only: a name or a piece of an e-mail is refused', async () => {
    const { number, codes } = await paidTickets(1);
    for (const q of [tourCustomer.last_name, tourCustomer.email.slice(0, 3), tourCustomer.email, '%@%', `${number}x`]) {
      const refused = await lookup(q);
      expect(refused.statusCode, q).toBe(400);
      expect(refused.json()).toMatchObject({ ok: false, error: 'VALIDATION_FAILED' });
    }
    const byNumber = (await lookup(String(number))).json() as { tickets: Array<{ order_number: number; name: string }> };
    expect(byNumber.tickets.map((ticket) => ticket.order_number)).toEqual([number]);
    expect(byNumber.tickets[0]?.name).toBe(tourCustomer.first_name);
    const byCode = (await lookup(codes[0] as string)).json() as { tickets: Array<{ order_number: number; position: number }> };
    expect(byCode.tickets).toMatchObject([{ order_number: number, position: 1 }]);
    // A code whose signature does not hold finds nothing.
    const [prefix, id, nonce, signature] = (codes[0] as string).split('.') as [string, string, string, string];
    const forged = `${prefix}.${id}.${nonce}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect(((await lookup(forged)).json() as { tickets: unknown[] }).tickets).toEqual([]);
  });

  it('limits lookups and check-ins by hand per account; another account is not slowed', async () => {
    await shop.db.delete(rateLimitWindows);
    const { number } = await paidTickets(1);
    const limit = RULES.gateLookupsPerAccount.limit;
    for (let index = 0; index < limit; index += 1) {
      const answer =
        index % 2 === 0
          ? await lookup(String(number))
          : await shop.app.inject({ method: 'POST', url: '/api/backoffice/gate/check-in', headers: gate.headers, payload: { ticket_id: 999_999 } });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const refused = await lookup(String(number));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'RATE_LIMITED' });
    expect((await shop.app.inject({ method: 'POST', url: '/api/backoffice/gate/check-in', headers: gate.headers, payload: { ticket_id: 1 } })).statusCode).toBe(
      429,
    );
    const desk = await staffSession(shop.app, 'box_office');
    expect((await lookup(String(number), desk)).statusCode).toBe(200);
    await shop.db.delete(rateLimitWindows);
  });
});
