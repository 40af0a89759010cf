/**
 * The slot the process tests (several API processes on one PostgreSQL) buy: the zoo day ticket five
 * days from the real today (those tests run on the system clock, like the processes they start).
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../server/db/client.ts';
import { plots, products } from '../../../server/db/schema/index.ts';

export async function dayTicketSlot(db: Database): Promise<{ product: number; plot: number }> {
  const [zoo] = await db.select({ id: products.id }).from(products).where(eq(products.slug, 'zoo-day-ticket'));
  if (!zoo) throw new Error('the demo shop has no zoo-day-ticket');
  const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  const [row] = await db
    .select({ id: plots.id })
    .from(plots)
    .where(and(eq(plots.productId, zoo.id), eq(plots.date, day)));
  if (!row) throw new Error(`no zoo-day-ticket slot on ${day}`);
  return { product: zoo.id, plot: row.id };
}
