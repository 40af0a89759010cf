/**
 * The schedules' back-office API over HTTP (app.inject, demo shop): only owner and manager, a save that
 * regenerates the slots and refuses a stale revision, the slot calendar, a capacity below what is sold
 * refused with the number, closing a booked slot answering what it affects, and the audit rows written.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plots, products, staffAuditLog } from '../../../server/db/schema/index.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';
import { staffSession, type StaffSession } from '../helpers/staff-session.ts';

const NOW = '2030-06-03T07:00:00Z';
const SATURDAY = '2030-06-08';
let shop: TestShop;
let manager: StaffSession;
let aquarium: number;

const schedule = {
  horizonDays: 14,
  seasons: [
    {
      from: '2030-01-01',
      until: null,
      patterns: [
        { weekdays: [1, 2, 3, 4, 5, 6, 7], start: '10:00', end: '12:00', slotMinutes: 60, capacity: 40, maxOrders: null, priceCents: null, audiencePrices: [] },
      ],
    },
  ],
  closedDays: ['2030-06-10'],
  extraSlots: [],
};

beforeAll(async () => {
  shop = await createTestShop({ now: NOW });
  manager = await staffSession(shop.app, 'manager');
  const [row] = await shop.db.select({ id: products.id }).from(products).where(eq(products.slug, 'aquarium-entry'));
  aquarium = row?.id as number;
});

afterAll(async () => {
  await shop?.close();
});

describe('who may call the schedules API', () => {
  it('no staff session: 401; box office and gate: 403; owner and manager: 200', async () => {
    const url = `/api/backoffice/products/${aquarium}/schedule`;
    expect((await shop.app.inject({ method: 'GET', url })).json()).toMatchObject({ error: 'STAFF_SESSION_REQUIRED' });
    for (const role of ['box_office', 'gate'] as const) {
      const response = await shop.app.inject({ method: 'GET', url, headers: (await staffSession(shop.app, role)).headers });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: 'STAFF_ROLE_FORBIDDEN' });
    }
    for (const session of [manager, await staffSession(shop.app, 'owner')]) {
      const response = await shop.app.inject({ method: 'GET', url, headers: session.headers });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ productId: aquarium, revision: 0, schedule: null });
    }
  });

  it('a save without the CSRF header is refused', async () => {
    const response = await shop.app.inject({
      method: 'PUT',
      url: `/api/backoffice/products/${aquarium}/schedule`,
      headers: { cookie: manager.cookie },
      payload: { revision: 0, schedule },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('a manager edits the schedule and its slots', () => {
  it('saves a schedule: slots regenerated, booked ones kept, a stale revision refused', async () => {
    const url = `/api/backoffice/products/${aquarium}/schedule`;
    const saved = await shop.app.inject({ method: 'PUT', url, headers: manager.headers, payload: { revision: 0, schedule } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ revision: 1, changed: 0 });
    expect(saved.json().closed.places).toBeGreaterThan(0);

    const stale = await shop.app.inject({ method: 'PUT', url, headers: manager.headers, payload: { revision: 0, schedule } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: 'SCHEDULE_CHANGED' });

    const [audit] = await shop.db.select().from(staffAuditLog).orderBy(desc(staffAuditLog.id)).limit(1);
    expect(audit).toMatchObject({ staffId: manager.staffId, action: 'schedule.save', entityId: String(aquarium) });
  });

  it('refuses bad input with 400 and nothing saved', async () => {
    const url = `/api/backoffice/products/${aquarium}/schedule`;
    const backwards = { ...schedule, seasons: [{ ...schedule.seasons[0], patterns: [{ ...schedule.seasons[0]!.patterns[0], start: '12:00', end: '10:00' }] }] };
    const response = await shop.app.inject({ method: 'PUT', url, headers: manager.headers, payload: { revision: 1, schedule: backwards } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'VALIDATION_FAILED' });
    const negative = { ...schedule, seasons: [{ ...schedule.seasons[0], patterns: [{ ...schedule.seasons[0]!.patterns[0], priceCents: -5 }] }] };
    expect((await shop.app.inject({ method: 'PUT', url, headers: manager.headers, payload: { revision: 1, schedule: negative } })).statusCode).toBe(400);
    expect((await shop.app.inject({ method: 'GET', url: `/api/backoffice/products/abc/schedule`, headers: manager.headers })).json()).toMatchObject({
      error: 'INVALID_ID',
    });
    expect((await shop.app.inject({ method: 'GET', url: `/api/backoffice/products/999999/schedule`, headers: manager.headers })).statusCode).toBe(404);
    expect((await shop.app.inject({ method: 'GET', url, headers: manager.headers })).json()).toMatchObject({ revision: 1 });
  });

  it('the calendar shows each slot with sold, held and free; a closed day has none', async () => {
    const response = await shop.app.inject({
      method: 'GET',
      url: `/api/backoffice/products/${aquarium}/slots?from=${SATURDAY}&until=2030-06-10`,
      headers: manager.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const slots = response.json() as { date: string; startTime: string; sold: number; held: number; free: number; closed: boolean }[];
    expect(slots.filter((slot) => slot.date === '2030-06-10')).toEqual([]);
    expect(slots.find((slot) => slot.date === SATURDAY && slot.startTime === '11:00:00')).toMatchObject({ sold: 40, held: 0, free: 0, closed: false });
    expect(slots.find((slot) => slot.date === SATURDAY && slot.startTime === '10:00:00')).toMatchObject({ sold: 0, free: 40 });
  });

  it('a capacity below what is sold is refused with the number; closing a booked slot says what it affects', async () => {
    const [slot] = await shop.db
      .select({ id: plots.id })
      .from(plots)
      .where(and(eq(plots.productId, aquarium), eq(plots.date, SATURDAY), eq(plots.startTime, '11:00:00')));
    const url = `/api/backoffice/products/${aquarium}/slots/${slot?.id}`;
    const lowered = await shop.app.inject({
      method: 'PATCH',
      url,
      headers: manager.headers,
      payload: { endTime: '12:00', capacity: 30, maxOrders: null, priceCents: null },
    });
    expect(lowered.statusCode).toBe(409);
    expect(lowered.json()).toMatchObject({ error: 'CAPACITY_BELOW_TAKEN', error_info: '40' });

    const closed = await shop.app.inject({ method: 'PUT', url: `${url}/closed`, headers: manager.headers, payload: { closed: true } });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ places: 40 });
    const [after] = await shop.db
      .select({ sold: plots.sold, closed: plots.closed })
      .from(plots)
      .where(eq(plots.id, slot?.id as number));
    expect(after).toEqual({ sold: 40, closed: true });
  });
});
