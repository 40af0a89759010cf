/**
 * Schedules on a real database (the demo shop): a schedule's slots generated for its horizon, topped up
 * as days pass, regenerated without losing a sold place; single slots edited and closed with what is
 * sold or held on them counted by the one places-taken rule (sold plus live holds).
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { DEMO_STAFF } from '../../../server/db/seed/demo-staff.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { scheduleSchema, type ScheduleInput } from '#domain/schedule/schedule-rules.ts';
import {
  audiences,
  catalogueVersion,
  holds,
  plots,
  productAudiences,
  products,
  rateLimitWindows,
  staffAccounts,
  staffAuditLog,
} from '../../../server/db/schema/index.ts';
import { createScheduleService, type ScheduleService } from '../../../server/modules/schedules/index.ts';
import { customer } from '../helpers/customers.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';

// A Monday morning in Amsterdam; the demo plots start today.
const NOW = '2030-06-03T07:00:00Z';
const TODAY = '2030-06-03';
const SATURDAY = '2030-06-08';

let shop: TestShop;
let schedules: ScheduleService;
let staffId: number;
/** The audit rows written since the test began. */
let auditedFrom = 0;
const audited = async () =>
  shop.db
    .select({
      staffId: staffAuditLog.staffId,
      action: staffAuditLog.action,
      entity: staffAuditLog.entity,
      entityId: staffAuditLog.entityId,
      before: staffAuditLog.before,
      after: staffAuditLog.after,
    })
    .from(staffAuditLog)
    .where(gt(staffAuditLog.id, auditedFrom))
    .orderBy(staffAuditLog.id);
let aquarium: number;
let adult: number;

const daily = (overrides: Partial<ScheduleInput> = {}) =>
  scheduleSchema.parse({
    horizonDays: 30,
    seasons: [
      {
        from: '2030-01-01',
        until: null,
        patterns: [{ weekdays: [1, 2, 3, 4, 5, 6, 7], start: '11:00', end: '12:00', capacity: 40, maxOrders: null, priceCents: null, audiencePrices: [] }],
      },
    ],
    ...overrides,
  });

async function slotsOf(productId: number) {
  return shop.db
    .select({ id: plots.id, date: plots.date, startTime: plots.startTime, capacity: plots.capacity, sold: plots.sold, closed: plots.closed })
    .from(plots)
    .where(and(eq(plots.productId, productId), sql`${plots.date} >= ${TODAY}`))
    .orderBy(plots.date, plots.startTime);
}

async function slotAt(productId: number, date: string, start: string) {
  const [row] = await shop.db
    .select({ id: plots.id, sold: plots.sold, capacity: plots.capacity, closed: plots.closed, pinned: plots.pinned })
    .from(plots)
    .where(and(eq(plots.productId, productId), eq(plots.date, date), eq(plots.startTime, start)));
  if (!row) throw new Error(`no slot ${date} ${start}`);
  return row;
}

const version = async () => (await shop.db.select({ v: catalogueVersion.version }).from(catalogueVersion))[0]?.v ?? 0;

async function holdPlaces(plot: number, quantity: number) {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      customer,
      action: 'pay',
      orders: [{ product: { id: aquarium, plot, quantity }, audiences: { [adult]: { quantity } } }],
    },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function refusal(promise: Promise<unknown>) {
  const error = (await promise.then(
    () => null,
    (caught: unknown) => caught,
  )) as { code: string; statusCode: number; details: { errorInfo?: string } } | null;
  if (!error) throw new Error('expected a refusal');
  return error;
}

beforeAll(async () => {
  shop = await createTestShop({ now: NOW });
  schedules = createScheduleService({ db: shop.db, clock: shop.clock });
  const [owner] = await shop.db.select({ id: staffAccounts.id }).from(staffAccounts).where(eq(staffAccounts.email, DEMO_STAFF.owner.email));
  staffId = owner?.id as number;
  const [product] = await shop.db.select({ id: products.id }).from(products).where(eq(products.slug, 'aquarium-entry'));
  aquarium = product?.id as number;
  const rows = await shop.db
    .select({ id: audiences.id, texts: audiences.texts })
    .from(audiences)
    .innerJoin(productAudiences, and(eq(productAudiences.audienceId, audiences.id), eq(productAudiences.productId, aquarium)));
  adult = rows.find((row) => (row.texts as Record<string, { name: string }>).en?.name === 'Adult')?.id as number;
});

afterAll(async () => {
  await shop?.close();
});

beforeEach(async () => {
  auditedFrom = (await shop.db.select({ id: sql<number>`coalesce(max(${staffAuditLog.id}), 0)::int` }).from(staffAuditLog))[0]?.id ?? 0;
  shop.clock.set(NOW);
  await shop.db.delete(rateLimitWindows);
});

describe('saving a schedule', () => {
  it('replaces the untouched slots, keeps every sold one (closed), and moves the catalogue version', async () => {
    const before = await version();
    const soldBefore = (await slotsOf(aquarium)).filter((slot) => slot.sold > 0);
    expect(soldBefore.length).toBeGreaterThan(0);

    const outcome = await schedules.saveSchedule(
      aquarium,
      daily({ seasons: [{ ...daily().seasons[0]!, patterns: [{ ...daily().seasons[0]!.patterns[0]!, start: '10:00', end: '10:30' }] }] }),
      {
        revision: 0,
        staffId,
      },
    );

    const after = await slotsOf(aquarium);
    // Every sold place is still there, on its slot, closed to new sales.
    for (const sold of soldBefore) expect(after.find((slot) => slot.id === sold.id)).toMatchObject({ sold: sold.sold, closed: true });
    expect(outcome.closed).toEqual({ slots: soldBefore.length, places: soldBefore.reduce((sum, slot) => sum + slot.sold, 0) });
    const open = after.filter((slot) => !slot.closed);
    expect(open).toHaveLength(31);
    expect(open.every((slot) => slot.startTime === '10:00:00')).toBe(true);
    expect(await version()).toBeGreaterThan(before);
    expect(await audited()).toMatchObject([{ action: 'schedule.save', entity: 'product_schedule', entityId: String(aquarium), before: null, staffId }]);
    expect(outcome.revision).toBe(1);
  });

  it('the storefront no longer lists a closed slot and the checkout refuses it', async () => {
    const closed = await slotAt(aquarium, SATURDAY, '11:00:00');
    expect(closed.closed).toBe(true);
    const listing = await shop.app.inject({ method: 'GET', url: `/api/products/${aquarium}/plots?filterFrom=${SATURDAY}&filterUntil=${SATURDAY}` });
    expect(listing.statusCode).toBe(200);
    expect((listing.json() as { id: number }[]).map((plot) => plot.id)).not.toContain(closed.id);
    const order = await shop.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { customer, action: 'pay', orders: [{ product: { id: aquarium, plot: closed.id, quantity: 1 }, audiences: { [adult]: { quantity: 1 } } }] },
    });
    expect(order.json(), order.body).toMatchObject({ ok: false, error: 'PLOT_NOT_AVAILABLE' });
    expect(order.statusCode).toBe(400);
  });

  it('a save on an older revision is refused and changes nothing', async () => {
    const error = await refusal(schedules.saveSchedule(aquarium, daily(), { revision: 0, staffId }));
    expect(error).toMatchObject({ code: 'SCHEDULE_CHANGED', statusCode: 409 });
    expect((await schedules.getSchedule(aquarium)).revision).toBe(1);
  });

  it('a new capacity below what is sold or held on a slot is refused with the number, nothing half-saved', async () => {
    const plot = (await slotAt(aquarium, '2030-06-05', '10:00:00')).id;
    await holdPlaces(plot, 3);
    const lower = daily({
      seasons: [{ ...daily().seasons[0]!, patterns: [{ ...daily().seasons[0]!.patterns[0]!, start: '10:00', end: '10:30', capacity: 2 }] }],
    });
    const error = await refusal(schedules.saveSchedule(aquarium, lower, { revision: 1, staffId }));
    expect(error).toMatchObject({ code: 'CAPACITY_BELOW_TAKEN', statusCode: 409, details: { errorInfo: '3' } });
    expect((await slotAt(aquarium, '2030-06-06', '10:00:00')).capacity).toBe(40);
    expect((await schedules.getSchedule(aquarium)).revision).toBe(1);
  });

  it('an unknown product is 404', async () => {
    expect(await refusal(schedules.saveSchedule(999_999, daily(), { revision: 0, staffId }))).toMatchObject({ code: 'NOT_FOUND', statusCode: 404 });
  });
});

describe('a single slot', () => {
  it('refuses a capacity below sold plus live holds, naming them, and accepts exactly that', async () => {
    const slot = await slotAt(aquarium, '2030-06-05', '10:00:00');
    const error = await refusal(schedules.updateSlot(aquarium, slot.id, { endTime: '10:30', capacity: 2, maxOrders: null, priceCents: null }, staffId));
    expect(error).toMatchObject({ code: 'CAPACITY_BELOW_TAKEN', statusCode: 409, details: { errorInfo: '3' } });
    expect(await audited()).toEqual([]);

    const before = await version();
    await schedules.updateSlot(aquarium, slot.id, { endTime: '10:45', capacity: 3, maxOrders: null, priceCents: 1500 }, staffId);
    expect(await slotAt(aquarium, '2030-06-05', '10:00:00')).toMatchObject({ capacity: 3, pinned: true });
    expect(await version()).toBeGreaterThan(before);
    expect(await audited()).toMatchObject([
      { action: 'slot.update', entity: 'slot', entityId: String(slot.id), before: { capacity: 40 }, after: { capacity: 3 } },
    ]);
  });

  it('a lapsed hold no longer counts', async () => {
    const slot = await slotAt(aquarium, '2030-06-05', '10:00:00');
    shop.clock.set('2030-06-03T09:00:00Z');
    await schedules.updateSlot(aquarium, slot.id, { endTime: '10:30', capacity: 0, maxOrders: null, priceCents: null }, staffId);
    expect((await slotAt(aquarium, '2030-06-05', '10:00:00')).capacity).toBe(0);
    await shop.db.delete(holds);
  });

  it('refuses an end before its start and a slot of another product', async () => {
    const slot = await slotAt(aquarium, '2030-06-06', '10:00:00');
    expect(await refusal(schedules.updateSlot(aquarium, slot.id, { endTime: '09:00', capacity: 5, maxOrders: null, priceCents: null }, staffId))).toMatchObject(
      {
        code: 'VALIDATION_FAILED',
      },
    );
    expect(
      await refusal(schedules.updateSlot(aquarium + 1, slot.id, { endTime: '11:00', capacity: 5, maxOrders: null, priceCents: null }, staffId)),
    ).toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('closing says how many places and orders it affects, keeps them, and opens again', async () => {
    const slot = await slotAt(aquarium, '2030-06-07', '10:00:00');
    await holdPlaces(slot.id, 2);
    expect(await schedules.setSlotClosed(aquarium, slot.id, true, staffId)).toEqual({ places: 2, orders: 1 });
    expect(await slotAt(aquarium, '2030-06-07', '10:00:00')).toMatchObject({ closed: true });
    expect(await schedules.setSlotClosed(aquarium, slot.id, false, staffId)).toEqual({ places: 2, orders: 1 });
    expect((await audited()).map((entry) => entry.action)).toEqual(['slot.close', 'slot.open']);
  });

  it('the calendar shows every slot with sold, held and closed', async () => {
    const slots = await schedules.listCalendar(aquarium, { from: '2030-06-07', until: SATURDAY });
    expect(slots.find((slot) => slot.date === '2030-06-07' && slot.startTime === '10:00:00')).toMatchObject({ sold: 0, held: 2, capacity: 40, closed: false });
    expect(slots.find((slot) => slot.date === SATURDAY && slot.startTime === '11:00:00')).toMatchObject({ sold: 40, held: 0, closed: true });
    await expect(schedules.listCalendar(aquarium, { from: '2030-06-01', until: '2030-12-01' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('the top-up', () => {
  it('adds the days the horizon moved on, once, and leaves hand-edited slots alone', async () => {
    shop.clock.set('2030-06-13T07:00:00Z');
    const first = await schedules.topUp();
    expect(first.inserted).toBe(10);
    expect(await schedules.topUp()).toEqual({ schedules: 0, inserted: 0 });
    const open = (await slotsOf(aquarium)).filter((slot) => !slot.closed && slot.date >= '2030-06-13');
    expect(open.at(-1)?.date).toBe('2030-07-13');
    expect((await slotAt(aquarium, '2030-06-05', '10:00:00')).capacity).toBe(0);
  });
});
