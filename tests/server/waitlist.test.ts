/**
 * The waiting list of a sold-out slot, through the real API and database: who may join, places that
 * come back (a lapsed checkout) held for the first entries that fit and mailed, the held places
 * taken by nobody else, the link's checkout, its single use, and an unused hold passing on.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderResponse } from '#domain/contracts/orders.ts';
import { holds, outbox, placeReleases, plots, products, waitlistEntries } from '../../server/db/schema/index.ts';
import { sweepLapsedPayments } from '../../server/modules/checkout/expiry-sweep.ts';
import { formatMoment, formatVisit } from '#domain/date-text.ts';
import { createTestShop, type TestShop } from './helpers/test-app.ts';
import { customerWith } from './helpers/customers.ts';
import { resetTourSlot, slotsMiscountingHolds, tourPlot } from './helpers/tour-slot.ts';

const NOW = '2030-06-03T07:00:00Z';
const DAY = '2030-06-11';
const minutesAfter = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000);

let shop: TestShop;
let tour: number;
let plot: number;

const shopper = (email: string) => {
  const base = customerWith(email);
  return { ...base, fields: { ...base.fields, date_of_birth: '1990-01-01', safety_rules: true } };
};

async function order(email: string, quantity: number, extra: Record<string, unknown> = {}) {
  return shop.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: { customer: shopper(email), orders: [{ product: { id: tour, plot, quantity } }], ...extra },
  });
}

const join = (email: string, quantity: number, plotId = plot) =>
  shop.app.inject({ method: 'POST', url: '/api/waitlist', payload: { plot: plotId, email, quantity, language: 'nl' } });

const offerMails = () => shop.db.select().from(outbox).where(eq(outbox.kind, 'waitlist-offer')).orderBy(outbox.id);
const tokenOf = (text: string) => /\/waitlist\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

async function sellOut(capacity: number) {
  await shop.db.update(plots).set({ capacity }).where(eq(plots.id, plot));
  const bought = await order('first@example.test', capacity);
  expect(bought.statusCode, bought.body).toBe(200);
}

beforeAll(async () => {
  shop = await createTestShop({ now: NOW, config: { rateLimits: false } });
  const [product] = await shop.db.select({ id: products.id }).from(products).where(eq(products.slug, 'behind-the-scenes'));
  tour = product?.id as number;
  plot = await tourPlot(shop.db, tour, DAY);
});

afterAll(async () => shop?.close());

// Whatever the test did, every slot's held places are its counted holds (the places-taken reads rely on it).
afterEach(async () => {
  expect(await slotsMiscountingHolds(shop.db)).toEqual([]);
});

beforeEach(async () => {
  await shop.db.delete(waitlistEntries);
  await shop.db.delete(placeReleases);
  await shop.db.delete(outbox);
  await resetTourSlot(shop, plot, NOW);
  await shop.db.update(plots).set({ held: 0 }).where(eq(plots.id, plot));
});

describe('joining the waiting list', () => {
  it('is refused with a code for a slot with free places, an absurd quantity, an unknown or started slot, and a second entry of one e-mail', async () => {
    await shop.db.update(plots).set({ capacity: 4 }).where(eq(plots.id, plot));
    expect((await join('early@example.test', 2)).json()).toMatchObject({ ok: false, error: 'WAITLIST_PLACES_FREE' });
    expect((await join('early@example.test', 5000)).statusCode).toBe(400);
    expect((await join('early@example.test', 0)).statusCode).toBe(400);
    expect((await join('early@example.test', 1, 999_999)).json()).toMatchObject({ error: 'PLOT_NOT_AVAILABLE' });

    await sellOut(4);
    const joined = await join('Wait@Example.test', 2);
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json()).toMatchObject({ ok: true, response: { position: 1 } });
    expect((await join('wait@example.test', 1)).json()).toMatchObject({ error: 'WAITLIST_ALREADY_JOINED' });

    shop.clock.set('2030-06-12T07:00:00Z');
    expect((await join('late@example.test', 1)).json()).toMatchObject({ error: 'PLOT_NOT_AVAILABLE' });
    expect(await shop.db.select().from(waitlistEntries)).toHaveLength(1);
  });
});

describe('places that come back', () => {
  it('are held for the first entries that fit, mailed once, kept from others, and taken once with the link', async () => {
    await shop.db.update(plots).set({ capacity: 3 }).where(eq(plots.id, plot));
    const lapsing = await order('lapse@example.test', 3);
    expect(lapsing.statusCode).toBe(200);
    expect((await join('big@example.test', 4)).statusCode).toBe(201); // never fits: stays waiting
    expect((await join('two@example.test', 2)).statusCode).toBe(201);
    expect((await join('one@example.test', 1)).statusCode).toBe(201);
    expect((await join('after@example.test', 1)).statusCode).toBe(201);

    // The unpaid checkout lapses; the sweep gives its places back through the core, which announces them.
    shop.clock.set(minutesAfter(16));
    expect(await sweepLapsedPayments({ db: shop.db, clock: shop.clock, settlement: shop.app.services.settlement })).toBeGreaterThanOrEqual(1);
    expect(await shop.app.services.waitlistWorker.round(minutesAfter(16))).toMatchObject({ offered: 2 });
    // A second round (another process) finds nothing more to offer.
    expect(await shop.app.services.waitlistWorker.round(minutesAfter(16))).toMatchObject({ offered: 0 });

    const states = await shop.db.select({ email: waitlistEntries.email, state: waitlistEntries.state }).from(waitlistEntries).orderBy(waitlistEntries.id);
    expect(states.map((entry) => entry.state)).toEqual(['WAITING', 'OFFERED', 'OFFERED', 'WAITING']);
    const mails = await offerMails();
    expect(mails.map((mail) => mail.recipient)).toEqual(['two@example.test', 'one@example.test']);
    expect(mails[0]?.text).toContain('2 plaatsen');

    // The held places count as taken: nobody else gets them.
    expect((await order('other@example.test', 1)).json()).toMatchObject({ error: 'PLOT_SOLD_OUT' });

    const token = tokenOf(mails[0]?.text ?? '');
    const offer = await shop.app.inject({ method: 'GET', url: `/api/waitlist/holds/${token}` });
    expect(offer.json()).toMatchObject({ ok: true, response: { plotId: plot, quantity: 2, date: DAY, startTime: '09:00' } });
    expect((await order('two@example.test', 3, { waitlist_hold: token })).json()).toMatchObject({ error: 'WAITLIST_HOLD_INVALID' });
    const bought = await order('two@example.test', 2, { waitlist_hold: token });
    expect(bought.statusCode, bought.body).toBe(200);
    expect((bought.json() as OrderResponse).response.orders[0]?.order?.status).toBe('PENDING');
    expect((await order('two@example.test', 2, { waitlist_hold: token })).json()).toMatchObject({ error: 'WAITLIST_HOLD_USED' });
    expect((await shop.app.inject({ method: 'GET', url: `/api/waitlist/holds/${token}` })).json()).toMatchObject({ error: 'WAITLIST_HOLD_USED' });
    expect((await shop.app.inject({ method: 'GET', url: '/api/waitlist/holds/not-a-token' })).json()).toMatchObject({ error: 'WAITLIST_HOLD_INVALID' });

    const [slot] = await shop.db.select({ held: plots.held, sold: plots.sold }).from(plots).where(eq(plots.id, plot));
    const [live] = await shop.db
      .select({ n: sql<number>`coalesce(sum(${holds.quantity}), 0)::int` })
      .from(holds)
      .where(and(eq(holds.plotId, plot), eq(holds.counted, true)));
    expect(slot?.held).toBe(3);
    expect(Number(live?.n)).toBe(3);
  });

  it('mail the product’s name, the slot in the shop’s date style and when the hold ends, in the entry’s language (issue 38)', async () => {
    await shop.db.update(plots).set({ capacity: 2 }).where(eq(plots.id, plot));
    expect((await order('lapse@example.test', 2)).statusCode).toBe(200);
    expect((await join('waiting@example.test', 2)).statusCode).toBe(201);
    shop.clock.set(minutesAfter(16));
    await sweepLapsedPayments({ db: shop.db, clock: shop.clock, settlement: shop.app.services.settlement });
    expect(await shop.app.services.waitlistWorker.round(minutesAfter(16))).toMatchObject({ offered: 1 });
    const [mail] = await offerMails();
    const [slot] = await shop.db.select({ start: plots.startTime, end: plots.endTime }).from(plots).where(eq(plots.id, plot));
    const [entry] = await shop.db.select({ until: waitlistEntries.holdExpiresAt }).from(waitlistEntries);
    const when = formatVisit(DAY, { start: slot?.start?.slice(0, 5) ?? null, end: slot?.end?.slice(0, 5) ?? null }, 'nl');
    for (const text of [mail?.text ?? '', mail?.html ?? '']) {
      expect(text).toContain('2 plaatsen voor Kijkje achter de schermen op');
      expect(text).toContain(when);
      expect(text).toContain(formatMoment(entry?.until as Date, 'nl', 'Europe/Amsterdam'));
    }
    expect(mail?.text).not.toContain(`${DAY} 09:00`);
  });

  it('pass to the next entry when the hold lapses unused', async () => {
    await shop.db.update(plots).set({ capacity: 1 }).where(eq(plots.id, plot));
    expect((await order('lapse@example.test', 1)).statusCode).toBe(200);
    expect((await join('slow@example.test', 1)).statusCode).toBe(201);
    expect((await join('next@example.test', 1)).statusCode).toBe(201);
    shop.clock.set(minutesAfter(16));
    await sweepLapsedPayments({ db: shop.db, clock: shop.clock, settlement: shop.app.services.settlement });
    await shop.app.services.waitlistWorker.round(minutesAfter(16));
    const [first] = await offerMails();
    expect(first?.recipient).toBe('slow@example.test');

    // The organisation holds for 30 minutes by default; then the next entry is offered the place.
    shop.clock.set(minutesAfter(47));
    expect(await shop.app.services.waitlistWorker.round(minutesAfter(47))).toMatchObject({ lapsed: 1, offered: 1 });
    expect((await offerMails()).map((mail) => mail.recipient)).toEqual(['slow@example.test', 'next@example.test']);
    expect((await order('slow@example.test', 1, { waitlist_hold: tokenOf(first?.text ?? '') })).json()).toMatchObject({ error: 'WAITLIST_HOLD_EXPIRED' });
  });

  it('end when the slot starts', async () => {
    await sellOut(1);
    expect((await join('never@example.test', 1)).statusCode).toBe(201);
    await shop.app.services.waitlistWorker.round(new Date('2030-06-11T08:00:00Z'));
    const [entry] = await shop.db.select({ state: waitlistEntries.state }).from(waitlistEntries);
    expect(entry?.state).toBe('ENDED');
  });
});
