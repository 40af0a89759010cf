/** Time-slot schedules: the recurring pattern a product's plots are generated from (server/modules/schedules). */
import { sql } from 'drizzle-orm';
import { check, date, integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import type { Schedule } from '#domain/schedule/schedule-rules.ts';
import { products } from './catalogue.ts';

export const productSchedules = pgTable(
  'product_schedules',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** src/domain/schedule/schedule-rules.ts scheduleSchema, as parsed (horizonDays kept in its column). */
    definition: jsonb('definition').$type<Omit<Schedule, 'horizonDays'>>().notNull(),
    horizonDays: integer('horizon_days').notNull().default(365),
    /** The last day plots were generated for (inclusive); the worker tops up from the day after. */
    generatedUntil: date('generated_until', { mode: 'string' }),
    /** Moves on with every save: a save made on an older revision is refused (SCHEDULE_CHANGED). */
    revision: integer('revision').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('product_schedules_horizon', sql`${t.horizonDays} between 1 and 1098`), check('product_schedules_revision', sql`${t.revision} >= 1`)],
);
