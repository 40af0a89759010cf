/**
 * The orders desk over HTTP (/api/backoffice/orders...): box office finds a paid order by e-mail,
 * refunds a ticket once however often the click arrives, moves it, resends the mail; every change in
 * the staff audit log; the guard refuses other roles, missing sessions and missing CSRF tokens, and
 * bad input is a coded 4xx with nothing changed.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskOrder, OrderSearchPage } from '#domain/contracts/backoffice-orders.schema.ts';
import { paymentRefunds, staffAuditLog } from '../../../server/db/schema/index.ts';
import { placeTourOrder, tourPlot, tourProduct } from '../helpers/tour-slot.ts';
import { staffSession, type StaffSession } from '../helpers/staff-session.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';

const NOW = '2030-06-03T07:00:00Z';
const EMAIL = 'desk-route@example.test';

let shop: TestShop;
let boxOffice: StaffSession;
let tour: number;
let plot: number;
let otherPlot: number;

beforeAll(async () => {
  shop = await createTestShop({ now: NOW });
  tour = await tourProduct(shop.db);
  plot = await tourPlot(shop.db, tour, '2030-06-11');
  otherPlot = await tourPlot(shop.db, tour, '2030-06-12');
  boxOffice = await staffSession(shop.app, 'box_office');
});
afterAll(async () => {
  await shop?.close();
});

const paidOrder = (quantity: number) => placeTourOrder(shop, { email: EMAIL, plot, quantity });

describe('orders desk routes', () => {
  it('box office finds, refunds once, moves and resends; each change audited', async () => {
    const order = await paidOrder(2);
    const found = await shop.app.inject({ method: 'GET', url: `/api/backoffice/orders?q=${encodeURIComponent(EMAIL)}`, headers: boxOffice.headers });
    expect(found.statusCode, found.body).toBe(200);
    expect((found.json() as OrderSearchPage).orders.map((row) => row.number)).toContain(order.number);

    const refund = { amount: 10, tickets: [1], key: 'route-click-1', reason: 'cannot come' };
    const url = `/api/backoffice/orders/${order.number}/refund`;
    const [first, second] = await Promise.all([
      shop.app.inject({ method: 'POST', url, headers: boxOffice.headers, payload: refund }),
      shop.app.inject({ method: 'POST', url, headers: boxOffice.headers, payload: refund }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect([first.json().done, second.json().done].sort()).toEqual([false, true]);
    expect(await shop.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, order.id))).toHaveLength(1);

    const tooMuch = await shop.app.inject({ method: 'POST', url, headers: boxOffice.headers, payload: { ...refund, amount: 100000, key: 'route-click-2' } });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error).toBe('REFUND_EXCEEDS_PAID');

    const preview = await shop.app.inject({ method: 'GET', url: `/api/backoffice/orders/${order.number}/move?plot=${otherPlot}`, headers: boxOffice.headers });
    expect(preview.statusCode, preview.body).toBe(200);
    const moved = await shop.app.inject({
      method: 'POST',
      url: `/api/backoffice/orders/${order.number}/move`,
      headers: boxOffice.headers,
      payload: { plot: otherPlot },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const resent = await shop.app.inject({ method: 'POST', url: `/api/backoffice/orders/${order.number}/resend`, headers: boxOffice.headers });
    expect(resent.statusCode).toBe(200);

    const page = await shop.app.inject({ method: 'GET', url: `/api/backoffice/orders/${order.number}`, headers: boxOffice.headers });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ plot: { id: otherPlot }, quantity: 1 });
    const audited = await shop.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.entityId, String(order.number)));
    expect(audited.map((row) => [row.action, row.staffId])).toEqual([
      ['order.refunded', boxOffice.staffId],
      ['order.moved', boxOffice.staffId],
      ['order.confirmation_resent', boxOffice.staffId],
    ]);
    // The timeline reads the order's history: what happened, by whom, with the money moved and the slots.
    const changes = (page.json() as DeskOrder).timeline.flatMap((entry) => (entry.kind === 'change' ? [entry.change] : []));
    expect(changes.map((change) => [change.event, change.actor.kind])).toEqual([
      ['placed', 'shopper'],
      ['paid', 'gateway'],
      ['refunded', 'staff'],
      ['moved', 'staff'],
      ['confirmation_resent', 'staff'],
    ]);
    const [refunded, movedEntry] = changes.filter((change) => change.actor.kind === 'staff');
    expect(refunded).toMatchObject({ amount: 10, currency: 'EUR', method: 'test', tickets: [1], reason: 'cannot come', product: expect.any(String) });
    expect(refunded?.actor.name).toBeTruthy();
    expect(movedEntry?.from).not.toBeNull();
    expect(movedEntry?.to).not.toEqual(movedEntry?.from);
  });

  it('refuses the gate role, no session, no CSRF token, and bad input, changing nothing', async () => {
    const order = await paidOrder(1);
    const gate = await staffSession(shop.app, 'gate');
    const url = `/api/backoffice/orders/${order.number}/refund`;
    const payload = { amount: 1, tickets: [], key: 'route-click-9', reason: '' };
    expect((await shop.app.inject({ method: 'GET', url: '/api/backoffice/orders', headers: gate.headers })).statusCode).toBe(403);
    expect((await shop.app.inject({ method: 'GET', url: '/api/backoffice/orders' })).statusCode).toBe(401);
    expect((await shop.app.inject({ method: 'POST', url, headers: { cookie: boxOffice.cookie }, payload })).statusCode).toBe(403);
    const bad = await shop.app.inject({ method: 'POST', url, headers: boxOffice.headers, payload: { ...payload, amount: 'lots' } });
    expect(bad.statusCode).toBe(400);
    const negative = await shop.app.inject({ method: 'POST', url, headers: boxOffice.headers, payload: { ...payload, amount: -5 } });
    expect(negative.statusCode).toBe(400);
    const unknown = await shop.app.inject({ method: 'GET', url: '/api/backoffice/orders/1', headers: boxOffice.headers });
    expect(unknown.statusCode).toBe(404);
    expect(await shop.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, order.id))).toHaveLength(0);
  });

  it("answers what the desk's forms need: the products to filter by, the order's slots to move to, its customer fields", async () => {
    const order = await paidOrder(1);
    const filters = await shop.app.inject({ method: 'GET', url: '/api/backoffice/order-filters', headers: boxOffice.headers });
    expect(filters.statusCode, filters.body).toBe(200);
    expect(filters.json().products.map((row: { slug: string }) => row.slug)).toContain('behind-the-scenes');

    const slots = await shop.app.inject({
      method: 'GET',
      url: `/api/backoffice/orders/${order.number}/slots?from=2030-06-11&until=2030-06-12`,
      headers: boxOffice.headers,
    });
    expect(slots.statusCode, slots.body).toBe(200);
    const listed = slots.json() as { id: number; date: string; sold: number; free: number | null }[];
    expect(listed.map((slot) => slot.id)).toEqual(expect.arrayContaining([plot, otherPlot]));
    expect(listed.every((slot) => slot.date >= '2030-06-11' && slot.date <= '2030-06-12')).toBe(true);
    expect(listed.find((slot) => slot.id === plot)?.sold).toBeGreaterThanOrEqual(1);
    const tooLong = await shop.app.inject({
      method: 'GET',
      url: `/api/backoffice/orders/${order.number}/slots?from=2030-06-11&until=2030-12-12`,
      headers: boxOffice.headers,
    });
    expect(tooLong.statusCode).toBe(400);

    const fields = await shop.app.inject({ method: 'GET', url: `/api/backoffice/orders/${order.number}/customer-fields`, headers: boxOffice.headers });
    expect(fields.statusCode, fields.body).toBe(200);
    expect(fields.json().fields.map((field: { name: string }) => field.name)).toEqual(expect.arrayContaining(['date_of_birth', 'safety_rules']));

    const gate = await staffSession(shop.app, 'gate');
    expect((await shop.app.inject({ method: 'GET', url: '/api/backoffice/order-filters', headers: gate.headers })).statusCode).toBe(403);
    expect((await shop.app.inject({ method: 'GET', url: '/api/backoffice/orders/999999/customer-fields', headers: boxOffice.headers })).statusCode).toBe(404);
  });
});
