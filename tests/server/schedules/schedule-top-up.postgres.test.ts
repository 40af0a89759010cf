/**
 * The schedule top-up run from two processes' connections at once (server:postgres only): two pools on
 * one PostgreSQL database, each with its own schedule service, topping up the same schedules at the
 * same moment, several times. Every slot is made once, neither run fails, and together they add exactly
 * what the horizon's move asks for.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../server/clock.ts';
import { openDatabase, type DatabaseHandle } from '../../../server/db/client.ts';
import { plots, products } from '../../../server/db/schema/index.ts';
import { scheduleSchema } from '#domain/schedule/schedule-rules.ts';
import { createScheduleService } from '../../../server/modules/schedules/index.ts';
import { createTestShop, testDatabaseUrl, type TestShop } from '../helpers/test-app.ts';

if (!testDatabaseUrl()) throw new Error('schedule-top-up.postgres needs SHOP_TEST_DATABASE_URL (the server:postgres project)');

const NOW = '2030-06-03T07:00:00Z';
const SLUGS = ['aquarium-entry', 'penguin-feeding', 'night-at-the-aquarium'];
// 09:00-17:00 in 30-minute slots every day: 16 a day.
const schedule = scheduleSchema.parse({
  horizonDays: 60,
  seasons: [
    {
      from: '2030-01-01',
      until: null,
      patterns: [
        { weekdays: [1, 2, 3, 4, 5, 6, 7], start: '09:00', end: '17:00', slotMinutes: 30, capacity: 50, maxOrders: null, priceCents: null, audiencePrices: [] },
      ],
    },
  ],
});

let shop: TestShop;
let second: DatabaseHandle;
let productIds: number[] = [];

beforeAll(async () => {
  shop = await createTestShop({ now: NOW });
  second = await openDatabase({ databaseUrl: testDatabaseUrl() as string, poolSize: 5 });
  productIds = (await shop.db.select({ id: products.id }).from(products).where(inArray(products.slug, SLUGS))).map((row) => row.id);
  expect(productIds).toHaveLength(SLUGS.length);
  const saving = createScheduleService({ db: shop.db, clock: shop.clock });
  for (const productId of productIds) await saving.saveSchedule(productId, schedule, { revision: 0, staffId: null });
}, 120_000);

afterAll(async () => {
  await second?.close();
  await shop?.close();
});

async function plotCount(): Promise<number> {
  const [row] = await shop.db
    .select({ n: sql<number>`count(*)::int` })
    .from(plots)
    .where(inArray(plots.productId, productIds));
  return row?.n ?? 0;
}

async function duplicates(): Promise<number> {
  const result = await shop.db.execute(sql`select count(*)::int as n from (select 1 from plots
    where product_id = any(${`{${productIds.join(',')}}`}::int[]) group by product_id, date, start_time having count(*) > 1) d`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? -1;
}

describe('the schedule top-up in two processes at once', () => {
  it('makes each slot once, the two runs adding exactly the days the horizon moved', async () => {
    for (const [round, day] of [
      [1, '2030-06-13T07:00:00Z'],
      [2, '2030-07-03T07:00:00Z'],
      [3, '2030-07-04T07:00:00Z'],
    ] as const) {
      const clock = fixedClock(day);
      const one = createScheduleService({ db: shop.db, clock });
      const two = createScheduleService({ db: second.db, clock });
      const before = await plotCount();
      const [a, b] = await Promise.all([one.topUp({ batch: 1 }), two.topUp({ batch: 1 })]);
      // Each slot counted by the one run that made it; each schedule topped up by one run.
      expect(a.inserted + b.inserted, `round ${round}`).toBe((await plotCount()) - before);
      expect(a.schedules + b.schedules).toBe(SLUGS.length);
    }
    expect(await duplicates()).toBe(0);
    for (const productId of productIds) {
      const [last] = await shop.db
        .select({ date: sql<string>`max(${plots.date})::text`, n: sql<number>`count(*)::int` })
        .from(plots)
        .where(and(eq(plots.productId, productId), sql`${plots.date} >= '2030-06-03'`, eq(plots.closed, false)));
      expect(last).toEqual({ date: '2030-09-02', n: 92 * 16 });
    }
  });
});
