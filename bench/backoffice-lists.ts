/**
 * The measuring half of `npm run bench:backoffice` (bench/backoffice.mjs), run from the sources by tsx:
 * `node node_modules/tsx/dist/cli.mjs bench/backoffice-lists.ts <database url>`. On a migrated demo shop
 * it adds 20 products, each with a schedule of 30-minute slots from 08:00 to 20:00 every day for a year
 * (24 a day: 175,200 slots, made by the schedule service's save), sells places on a slice of
 * them, then times the back office's list views as their routes call them (the schedule service over a
 * pool of 5 connections): the schedules list (every product's slot count, booked slots and reach), a
 * product's month calendar and week calendar (every slot with sold, held, free), each BENCH_SAMPLES (200)
 * times after 20 warm-ups, months and products varying. Prints p50/p95/max in ms and one JSON line;
 * exit 1 when a p95 is over BENCH_P95_MS (100).
 */
import { sql } from 'drizzle-orm';
import { fixedClock } from '../server/clock.ts';
import { openDatabase } from '../server/db/client.ts';
import { prepareDatabase } from '../server/db/prepare.ts';
import { createScheduleService } from '../server/modules/schedules/index.ts';
import { addDays } from '#domain/plot-query.ts';
import { scheduleSchema } from '#domain/schedule/schedule-rules.ts';

const [databaseUrl] = process.argv.slice(2);
if (!databaseUrl) throw new Error('usage: backoffice-lists.ts <database url>');
const samples = Number(process.env.BENCH_SAMPLES ?? 200);
const target = Number(process.env.BENCH_P95_MS ?? 100);
const PRODUCTS = 20;

const now = new Date();
const clock = fixedClock(now);
const database = await openDatabase({ databaseUrl, poolSize: 5 });
await prepareDatabase(database, { seedDemo: true, now });
const { db } = database;
const schedules = createScheduleService({ db, clock });

const schedule = scheduleSchema.parse({
  horizonDays: 365,
  seasons: [
    {
      from: '2020-01-06',
      until: null,
      patterns: [
        { weekdays: [1, 2, 3, 4, 5, 6, 7], start: '08:00', end: '20:00', slotMinutes: 30, capacity: 25, maxOrders: null, priceCents: null, audiencePrices: [] },
      ],
    },
  ],
});

const made = performance.now();
const productIds: number[] = [];
for (let index = 0; index < PRODUCTS; index += 1) {
  const result = await db.execute(sql`insert into products (slug, price_type, capacity_type, price_cents, has_days, has_timeslots, texts)
    values (${`bench-timed-${index}-${process.pid}`}, 'FIXED', 'LIMITED', 1500, true, true, ${JSON.stringify({ en: { title: `Timed entry ${index}`, description: '', label: '' } })}::jsonb)
    returning id`);
  const productId = (result as unknown as { rows: { id: number }[] }).rows[0]!.id;
  productIds.push(productId);
  await schedules.saveSchedule(productId, schedule, { revision: 0, staffId: null });
}
const generationMs = performance.now() - made;
// A slice sold: every 7th slot has 10 places sold in 3 orders.
await db.execute(sql`update plots set sold = 10, order_count = 3 where product_id = any(${`{${productIds.join(',')}}`}::int[]) and id % 7 = 0`);
const counted = await db.execute(sql`select count(*)::int as slots from plots where product_id = any(${`{${productIds.join(',')}}`}::int[])`);
const { slots } = (counted as unknown as { rows: { slots: number }[] }).rows[0]!;
await db.execute(sql`analyze`);

const today = now.toISOString().slice(0, 10);
const percentile = (values: number[], p: number) => values[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)] as number;

async function measure(name: string, run: (index: number) => Promise<unknown>) {
  for (let index = 0; index < 20; index += 1) await run(index);
  const times: number[] = [];
  for (let index = 0; index < samples; index += 1) {
    const started = performance.now();
    await run(index);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { name, p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1) as number };
}

const results = [
  await measure('schedules list (20 products, a year of slots)', () => schedules.listSchedules()),
  await measure('month calendar of a product (~744 slots)', (index) => {
    const from = addDays(today, (index % 11) * 31);
    return schedules.listCalendar(productIds[index % PRODUCTS] as number, { from, until: addDays(from, 30) });
  }),
  await measure('week calendar of a product (~168 slots)', (index) => {
    const from = addDays(today, (index % 50) * 7);
    return schedules.listCalendar(productIds[index % PRODUCTS] as number, { from, until: addDays(from, 6) });
  }),
];

await database.close();
console.log(`slots: ${slots} for ${PRODUCTS} products, made by the schedule service in ${(generationMs / 1000).toFixed(1)} s`);
for (const result of results) {
  console.log(
    `${result.name.padEnd(50)} p50 ${result.p50.toFixed(1).padStart(6)} ms  p95 ${result.p95.toFixed(1).padStart(6)} ms  max ${result.max.toFixed(1).padStart(6)} ms`,
  );
}
console.log(JSON.stringify({ slots, generationMs: Math.round(generationMs), results }));
process.exitCode = results.every((result) => result.p95 <= target) ? 0 : 1;
