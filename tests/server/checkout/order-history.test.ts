/**
 * Every actor changes a placed order through the one order change (server/modules/checkout/order-change.ts),
 * which alone writes the order's history (tests/lint/order-change.test.ts): so each change below shows
 * as one entry with its actor, in the same transaction, and what moved money or places is mailed to
 * the visitor in their language, with the amount and how it goes back.
 *   shopper  a reservation changed to another day, then cancelled
 *   staff    a partial refund, then the rest with a cancel
 *   system   an unpaid checkout whose hold lapsed
 *   gateway  a payment that arrived
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatusView } from '#domain/contracts/orders.ts';
import { orderHistory, orders, outbox, payments } from '../../../server/db/schema/index.ts';
import { staffSession, type StaffSession } from '../helpers/staff-session.ts';
import { placeTourOrder, tourPlot, tourProduct } from '../helpers/tour-slot.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';

const NOW = '2030-06-03T07:00:00Z';
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

/** The tour booked, not yet paid: each test pays it, changes it or lets it lapse. */
async function place(email: string, action: 'pay' | 'reserve', language: string) {
  const order = await placeTourOrder(shop, { email, plot, quantity: 2, action, language, settle: false });
  const [payment] = await shop.db
    .select()
    .from(payments)
    .where(eq(payments.id, order.paymentId as number));
  return { orderHash: order.hash, paymentHash: payment!.hash };
}

const pay = (paymentHash: string) =>
  shop.app.inject({
    method: 'POST',
    url: `/api/test-gateway/${paymentHash}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });

async function historyOf(orderHash: string) {
  const [order] = await shop.db.select().from(orders).where(eq(orders.hash, orderHash));
  return shop.db.select().from(orderHistory).where(eq(orderHistory.orderId, order!.id)).orderBy(asc(orderHistory.id));
}

const mailsTo = (email: string) => shop.db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(asc(outbox.id));

describe('one history, whoever changes the order', () => {
  it('the gateway pays, staff refund part and then the rest: each an entry, each refund mailed with its amount', async () => {
    const email = 'history-staff@example.test';
    const { orderHash, paymentHash } = await place(email, 'pay', 'de');
    expect((await pay(paymentHash)).statusCode).toBeLessThan(400);
    const [order] = await shop.db.select().from(orders).where(eq(orders.hash, orderHash));
    const url = `/api/backoffice/orders/${order!.number}/refund`;
    const part = await shop.app.inject({
      method: 'POST',
      url,
      headers: boxOffice.headers,
      payload: { amount: 35.5, tickets: [], key: 'history-part-1', reason: '' },
    });
    expect(part.statusCode, part.body).toBe(200);
    const rest = (order!.totalCents - 3550) / 100;
    const all = await shop.app.inject({
      method: 'POST',
      url,
      headers: boxOffice.headers,
      payload: { amount: rest, cancel: true, tickets: [], key: 'history-rest-1', reason: '' },
    });
    expect(all.statusCode, all.body).toBe(200);

    expect((await historyOf(orderHash)).map((entry) => [entry.event, entry.actorKind, entry.detail.amount_cents ?? null])).toEqual([
      ['paid', 'gateway', null],
      ['refunded', 'staff', 3550],
      ['cancelled', 'staff', order!.totalCents - 3550],
      ['refunded', 'staff', order!.totalCents - 3550],
    ]);
    // In German, as the order was placed: the first refund, then the cancel with the rest.
    const mails = (await mailsTo(email)).filter((mail) => mail.kind !== 'order-confirmation');
    expect(mails.map((mail) => mail.kind)).toEqual(['order-refunded', 'order-cancelled']);
    const euros = (amount: number) => new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(amount);
    expect(mails[0]?.text).toContain(`Wir erstatten ${euros(35.5)} auf dem Weg, auf dem Sie bezahlt haben.`);
    const restText = euros(rest);
    expect(mails[1]?.text).toContain(`Ihre Bestellung ${order!.number} für`);
    expect(mails[1]?.text).toContain(`Wir erstatten ${restText}`);

    // The order page says why it was refunded, and lists it in words' worth of facts.
    const page = (await shop.app.inject({ method: 'GET', url: `/api/orders/${orderHash}` })).json() as OrderStatusView;
    expect(page.status).toBe('REFUNDED');
    expect(page.history.map((entry) => [entry.event, entry.actor])).toEqual([
      ['placed', { kind: 'shopper', name: null }],
      ['paid', { kind: 'gateway', name: 'test' }],
      // The visitor sees "the box office", never a staff member's name.
      ['refunded', { kind: 'staff', name: null }],
      ['cancelled', { kind: 'staff', name: null }],
      ['refunded', { kind: 'staff', name: null }],
    ]);
    expect(page.history[2]).toMatchObject({ amount: 35.5, method: 'test', currency: 'EUR' });
  });

  it('the shopper moves a reservation and cancels it: both entries, the cancel mailed', async () => {
    const email = 'history-shopper@example.test';
    const { orderHash } = await place(email, 'reserve', 'nl');
    const changed = await shop.app.inject({ method: 'POST', url: `/api/reservation/${orderHash}/change`, payload: { plot: otherPlot } });
    expect(changed.statusCode, changed.body).toBe(200);
    const reservation = (await shop.app.inject({ method: 'GET', url: `/api/reservation/${orderHash}` })).json() as { history: { event: string }[] };
    expect(reservation.history.map((entry) => entry.event)).toEqual(['placed', 'moved']);
    const cancelled = await shop.app.inject({ method: 'POST', url: `/api/reservation/${orderHash}/cancel` });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const entries = await historyOf(orderHash);
    expect(entries.map((entry) => [entry.event, entry.actorKind])).toEqual([
      ['moved', 'shopper'],
      ['cancelled', 'shopper'],
    ]);
    expect(entries[0]?.detail).toMatchObject({ product_id: tour, from: { date: '2030-06-11' }, to: { date: '2030-06-12' } });
    const cancelMail = (await mailsTo(email)).find((mail) => mail.kind === 'order-cancelled');
    expect(cancelMail?.subject).toMatch(/^Je bestelling \d{9} is geannuleerd/);
  });

  it('the system expires a checkout whose hold lapsed; nobody is mailed for it', async () => {
    const email = 'history-system@example.test';
    const { orderHash, paymentHash } = await place(email, 'pay', 'en');
    shop.clock.set('2030-06-03T09:00:00Z');
    try {
      const status = (await shop.app.inject({ method: 'GET', url: `/api/orders/${orderHash}` })).json() as OrderStatusView;
      expect(status.status).toBe('EXPIRED');
    } finally {
      shop.clock.set(NOW);
    }
    expect((await historyOf(orderHash)).map((entry) => [entry.event, entry.actorKind])).toEqual([['expired', 'system']]);
    expect(
      (
        await shop.db
          .select()
          .from(payments)
          .where(and(eq(payments.hash, paymentHash), eq(payments.status, 'expired')))
      ).length,
    ).toBe(1);
    expect((await mailsTo(email)).map((mail) => mail.kind)).toEqual([]);
  });
});
