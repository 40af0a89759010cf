/**
 * The slot the payment tests buy: the behind-the-scenes tour at 09:00 on a given day, put back
 * to empty before each test so every test starts from the same capacity.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../server/db/client.ts';
import { holds, plots } from '../../../server/db/schema/index.ts';
import type { TestShop } from './test-app.ts';

export async function tourPlot(db: Database, tourId: number, day: string): Promise<number> {
  const [row] = await db
    .select({ id: plots.id })
    .from(plots)
    .where(and(eq(plots.productId, tourId), eq(plots.date, day), eq(plots.startTime, '09:00:00')));
  if (!row) throw new Error(`no 09:00 tour on ${day}`);
  return row.id;
}

export async function resetTourSlot(shop: TestShop, plot: number, now: string): Promise<void> {
  shop.clock.set(now);
  await shop.db.delete(holds);
  await shop.db.update(plots).set({ sold: 0, orderCount: 0 }).where(eq(plots.id, plot));
}
