/**
 * The slot calendar's bulk changes (issue 38 item 2) over HTTP: a preview that writes nothing and says what
 * will change and which bookings stay valid; the apply that closes a day or sets a range's capacity with one
 * audit row per slot; a capacity below what is sold refused whole (nothing changed); the past refused; every
 * product's calendar in one read.
 */
import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plots, products, staffAuditLog } from '../../../server/db/schema/index.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';
import { staffSession, type StaffSession } from '../helpers/staff-session.ts';

const NOW = '2030-06-03T07:00:00Z';
const SATURDAY = '2030-06-08';
let shop: TestShop;
let manager: StaffSession;
let aquarium: number;

const pattern = {
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  start: '10:00',
  end: '12:00',
  slotMinutes: 60,
  capacity: 40,
  maxOrders: null,
  priceCents: null,
  audiencePrices: [],
};
const schedule = { horizonDays: 14, seasons: [{ from: '2030-01-01', until: null, patterns: [pattern] }], closedDays: [], extraSlots: [] };

const bulk = (path: string, payload: Record<string, unknown>) =>
  shop.app.inject({ method: 'POST', url: `/api/backoffice/slots/bulk${path}`, headers: manager.headers, payload });
const slotsOn = (date: string) =>
  shop.db
    .select({ id: plots.id, startTime: plots.startTime, capacity: plots.capacity, closed: plots.closed, sold: plots.sold })
    .from(plots)
    .where(and(eq(plots.productId, aquarium), eq(plots.date, date)))
    .orderBy(plots.startTime);

beforeAll(async () => {
  shop = await createTestShop({ now: NOW });
  manager = await staffSession(shop.app, 'manager');
  const [row] = await shop.db.select({ id: products.id }).from(products).where(eq(products.slug, 'aquarium-entry'));
  aquarium = row?.id as number;
  const saved = await shop.app.inject({
    method: 'PUT',
    url: `/api/backoffice/products/${aquarium}/schedule`,
    headers: manager.headers,
    payload: { revision: 0, schedule },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});

afterAll(async () => {
  await shop?.close();
});

describe('closing a day', () => {
  const closeSaturday = { productId: null as number | null, from: SATURDAY, until: SATURDAY, action: { kind: 'close' } };

  it('the preview names the slots that close and the bookings that stay, and writes nothing', async () => {
    const preview = await bulk('/preview', { ...closeSaturday, productId: aquarium });
    expect(preview.statusCode, preview.body).toBe(200);
    const plan = preview.json();
    expect(plan.slots).toBe(2);
    expect(plan.changes.map((change: { startTime: string }) => change.startTime)).toEqual(['10:00:00', '11:00:00']);
    expect(plan.bookings.places).toBe(40);
    expect(plan.refusals).toEqual([]);
    expect((await slotsOn(SATURDAY)).map((slot) => slot.closed)).toEqual([false, false]);
  });

  it('the apply closes them, keeps what was sold, writes an audit row per slot; opening again is the undo', async () => {
    const auditBefore = (await shop.db.select({ id: staffAuditLog.id }).from(staffAuditLog)).length;
    const applied = await bulk('', { ...closeSaturday, productId: aquarium });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().changes).toHaveLength(2);
    expect((await slotsOn(SATURDAY)).map(({ closed, sold }) => ({ closed, sold }))).toEqual([
      { closed: true, sold: 0 },
      { closed: true, sold: 40 },
    ]);
    const rows = await shop.db.select().from(staffAuditLog).where(gt(staffAuditLog.id, auditBefore));
    expect(rows.map((row) => row.action)).toEqual(['slot.close', 'slot.close']);

    const again = await bulk('/preview', { ...closeSaturday, productId: aquarium });
    expect(again.json().changes).toEqual([]);
    const reopened = await bulk('', { ...closeSaturday, productId: aquarium, action: { kind: 'open' } });
    expect(reopened.json().changes).toHaveLength(2);
    expect((await slotsOn(SATURDAY)).map((slot) => slot.closed)).toEqual([false, false]);
  });
});

describe('changing the capacity of a range', () => {
  const range = { productId: null as number | null, from: '2030-06-07', until: '2030-06-09', action: { kind: 'capacity', capacity: 30 } };

  it('below what is sold on some slots: 409 CAPACITY_BELOW_TAKEN with the most places, and nothing changed', async () => {
    const preview = await bulk('/preview', { ...range, productId: aquarium });
    // The demo's Saturday 11:00 (40 sold) and a booked Sunday 15:00 the schedule no longer gives (37).
    expect(preview.json().refusals).toMatchObject([
      { date: SATURDAY, startTime: '11:00:00', taken: 40 },
      { date: '2030-06-09', startTime: '15:00:00', taken: 37 },
    ]);
    const refused = await bulk('', { ...range, productId: aquarium });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'CAPACITY_BELOW_TAKEN', error_info: '40' });
    expect((await slotsOn('2030-06-07')).map((slot) => slot.capacity)).toEqual([40, 40]);
  });

  it('at or above what is taken: every slot of the range set (unlimited too)', async () => {
    const applied = await bulk('', { ...range, productId: aquarium, action: { kind: 'capacity', capacity: 45 } });
    expect(applied.statusCode, applied.body).toBe(200);
    const inRange = [...(await slotsOn('2030-06-07')), ...(await slotsOn(SATURDAY)), ...(await slotsOn('2030-06-09'))];
    expect(applied.json().changes).toHaveLength(inRange.length);
    expect(inRange.map((slot) => slot.capacity)).toEqual(inRange.map(() => 45));
    await bulk('', { ...range, productId: aquarium, action: { kind: 'capacity', capacity: null } });
    expect((await slotsOn(SATURDAY)).map((slot) => slot.capacity)).toEqual([null, null]);
  });
});

describe('refusals and the all-products read', () => {
  it('the past, a range too long, a backwards range and an unknown product are refused; box office may not', async () => {
    const action = { kind: 'close' };
    expect((await bulk('/preview', { productId: aquarium, from: '2030-06-01', until: '2030-06-02', action })).json()).toMatchObject({
      error: 'VALIDATION_FAILED',
      fields: { from: 'before_today' },
    });
    expect((await bulk('/preview', { productId: aquarium, from: '2030-06-04', until: '2030-09-30', action })).json()).toMatchObject({
      fields: { until: 'too_far' },
    });
    expect((await bulk('/preview', { productId: aquarium, from: '2030-06-05', until: '2030-06-04', action })).statusCode).toBe(400);
    expect((await bulk('', { productId: 999999, from: '2030-06-05', until: '2030-06-05', action })).statusCode).toBe(404);
    const boxOffice = await staffSession(shop.app, 'box_office');
    const forbidden = await shop.app.inject({
      method: 'POST',
      url: '/api/backoffice/slots/bulk',
      headers: boxOffice.headers,
      payload: { productId: null, from: '2030-06-05', until: '2030-06-05', action },
    });
    expect(forbidden.statusCode).toBe(403);
  });

  it('GET /slots answers every product’s slots of the range, each with its product', async () => {
    const response = await shop.app.inject({ method: 'GET', url: `/api/backoffice/slots?from=${SATURDAY}&until=${SATURDAY}`, headers: manager.headers });
    expect(response.statusCode, response.body).toBe(200);
    const slots = response.json() as { productId: number; free: number | null }[];
    expect(slots.some((slot) => slot.productId === aquarium)).toBe(true);
    expect(new Set(slots.map((slot) => slot.productId)).size).toBeGreaterThan(1);
  });
});
