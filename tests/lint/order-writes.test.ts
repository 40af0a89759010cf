/**
 * One writer of orders: checkout.repo.ts is the only server file that inserts into, updates or
 * deletes from `payments`, `orders` and `order_lines` (every good's checkout, change, move and
 * settlement goes through the checkout core, server/modules/checkout/checkout-core.ts, and the
 * repository's named writes). A source scan of server/ for a drizzle insert, update or delete on
 * those tables, or a raw `insert into` / `update` / `delete from` them, anywhere else, fails here.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const THE_WRITER = 'server/modules/checkout/checkout.repo.ts';

/** A drizzle `.insert(payments)` / `.update(orders)` / `.delete(orderLines)` (spread over lines too) or a raw `insert into`, `update` or `delete from` one. */
const ORDER_WRITE =
  /\.(?:insert|update|delete)\(\s*(payments|orders|orderLines)\s*\)|(?:insert\s+into|\bupdate|delete\s+from)\s+(payments|orders|order_lines)\b/gi;

/** The tables a source text inserts into, as the scan finds them. */
function orderWritesIn(text: string): string[] {
  return [...text.matchAll(ORDER_WRITE)].map((match) => (match[1] ?? match[2] ?? '').toLowerCase());
}

async function serverSources(dir: string): Promise<string[]> {
  const entries = await readdir(path.join(root, dir), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const relative = `${dir}/${entry.name}`;
      // The migrations create the tables; they write no order.
      if (entry.isDirectory()) return relative === 'server/db/migrations' ? [] : serverSources(relative);
      return /\.(ts|js|mjs|sql)$/.test(entry.name) ? [relative] : [];
    }),
  );
  return nested.flat();
}

describe('order writes', () => {
  it('finds a drizzle insert and a raw insert into each of the three tables', () => {
    expect(orderWritesIn('await tx.insert(payments).values(row);')).toEqual(['payments']);
    expect(orderWritesIn('await tx\n  .insert(orders)\n  .values(row);')).toEqual(['orders']);
    expect(orderWritesIn('await db.insert( orderLines ).values(rows);')).toEqual(['orderlines']);
    expect(orderWritesIn('sql`INSERT INTO order_lines (order_id) values (1)`')).toEqual(['order_lines']);
    expect(orderWritesIn('await db.update(orders).set({ status })')).toEqual(['orders']);
    expect(orderWritesIn('await tx.delete(orderLines).where(x)')).toEqual(['orderlines']);
    expect(orderWritesIn('sql`update payments set status = 1`')).toEqual(['payments']);
    expect(orderWritesIn('sql`DELETE FROM orders where id = 1`')).toEqual(['orders']);
    expect(orderWritesIn('sql`insert into orders_archive select 1`; db.insert(paymentRefunds); db.update(paymentEvents)')).toEqual([]);
    expect(orderWritesIn('sql`select 1 from orders for update`; // the order updated by')).toEqual([]);
  });

  it(`happen in ${THE_WRITER} only`, async () => {
    const sources = await serverSources('server');
    expect(sources).toContain(THE_WRITER);
    const writers: string[] = [];
    for (const file of sources) {
      if (orderWritesIn(await readFile(path.join(root, file), 'utf8')).length > 0) writers.push(file);
    }
    expect(writers).toEqual([THE_WRITER]);
  });
});
