/**
 * Generates the demo plots. `extendDemoPlots` is safe to run at every start-up: it inserts
 * what is missing up to the horizon and leaves existing plots (and their sales) alone.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { plots, products } from '../schema/index.ts';
import { addDays, daysBetween, weekdayOf } from './calendar-days.ts';
import { FIRST_SEED_PLACES_LEFT, PLOT_SCHEDULES, PLOTTED_PRODUCT_SLUGS, type PlotSchedule, type PlottedProductSlug } from './plot-schedules.ts';

/** Plots exist from today up to and including today + this many days. */
export const PLOT_HORIZON_DAYS = 90;

// Keeps each statement well below PostgreSQL's 65,535 bind parameters.
const ROWS_PER_INSERT = 1000;

type PlotRow = typeof plots.$inferInsert;

function isPlottedSlug(slug: string): slug is PlottedProductSlug {
  return (PLOTTED_PRODUCT_SLUGS as readonly string[]).includes(slug);
}

function plotRows(productId: number, schedule: PlotSchedule, days: string[]): PlotRow[] {
  return days.flatMap((date) => {
    const weekday = weekdayOf(date);
    return schedule.slotsOn(weekday).map(({ start, end }) => {
      const rule = schedule.weekly?.find((weekly) => weekly.weekday === weekday && weekly.start === start);
      const capacity = schedule.capacity;
      return {
        productId,
        date,
        startTime: start,
        endTime: end,
        capacity,
        sold: rule && capacity !== null ? capacity - rule.placesLeft : 0,
        priceCents: schedule.priceCents ?? null,
        maxOrders: schedule.maxOrders ?? null,
      };
    });
  });
}

async function findDemoProducts(db: Executor): Promise<{ id: number; slug: PlottedProductSlug }[]> {
  const found = await db
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .where(inArray(products.slug, [...PLOTTED_PRODUCT_SLUGS]));
  return found.flatMap(({ id, slug }) => (isPlottedSlug(slug) ? [{ id, slug }] : []));
}

/** Tops up the plots of every demo product with days so they reach `today` + 90 days. */
export async function extendDemoPlots(db: Executor, { today }: { today: string }): Promise<{ inserted: number }> {
  const days = daysBetween(today, addDays(today, PLOT_HORIZON_DAYS));
  const rows = (await findDemoProducts(db)).flatMap(({ id, slug }) => plotRows(id, PLOT_SCHEDULES[slug], days));
  let inserted = 0;
  for (let offset = 0; offset < rows.length; offset += ROWS_PER_INSERT) {
    const added = await db
      .insert(plots)
      .values(rows.slice(offset, offset + ROWS_PER_INSERT))
      // The plots_product_slot constraint (nulls not distinct) makes an existing slot a no-op.
      .onConflictDoNothing({ target: [plots.productId, plots.date, plots.startTime] })
      .returning({ id: plots.id });
    inserted += added.length;
  }
  return { inserted };
}

/** Applies the once-only "day +1 / day +2" availability of the first seed. */
export async function markFirstSeedPlots(db: Executor, { today }: { today: string }): Promise<void> {
  const productIds = new Map((await findDemoProducts(db)).map(({ id, slug }) => [slug, id]));
  for (const { slug, dayOffset, start, placesLeft } of FIRST_SEED_PLACES_LEFT) {
    const productId = productIds.get(slug);
    if (productId === undefined) continue;
    await db
      .update(plots)
      .set({ sold: sql`${plots.capacity} - ${placesLeft}` })
      .where(and(eq(plots.productId, productId), eq(plots.date, addDays(today, dayOffset)), eq(plots.startTime, start)));
  }
}
