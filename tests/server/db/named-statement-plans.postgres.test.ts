/**
 * The checkout's hot statements are named prepared statements (server/db/named-statement.ts) so that
 * PostgreSQL keeps one plan per connection (server:postgres only). The catalogue read must settle on
 * its GENERIC plan after the first runs: a statement whose custom plan looks cheaper is planned again
 * on every call (measured 0.33 ms of database CPU per checkout instead of 0.10).
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plots, products } from '../../../server/db/schema/index.ts';
import { createCheckoutCatalogueReader } from '../../../server/modules/catalogue/checkout-catalogue.ts';
import { createTestShop, testDatabaseUrl, type TestShop } from '../helpers/test-app.ts';

if (!testDatabaseUrl()) throw new Error('named-statement-plans needs SHOP_TEST_DATABASE_URL (the server:postgres project)');
const RUNS = 12;

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ now: '2030-06-03T07:00:00Z', config: {} });
});

afterAll(async () => {
  await shop?.close();
});

describe('the checkout catalogue read', () => {
  it('is planned once per connection: its generic plan is kept after the first runs', async () => {
    const [zoo] = await shop.db.select({ id: products.id }).from(products).where(eq(products.slug, 'zoo-day-ticket'));
    const slots = await shop.db
      .select({ id: plots.id })
      .from(plots)
      .where(and(eq(plots.productId, zoo?.id ?? -1), eq(plots.date, '2030-06-08')));
    const reader = createCheckoutCatalogueReader();
    // One transaction: one connection, whose prepared statements are listed in pg_prepared_statements.
    const plans = await shop.db.transaction(async (tx) => {
      for (let run = 0; run < RUNS; run += 1) {
        const read = await reader.read(tx, [zoo?.id ?? -1], [slots[0]?.id ?? -1], null);
        expect(read.products.size).toBe(1);
        expect(read.plots.size).toBe(1);
      }
      const result = await tx.execute(sql`
        select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
        where statement like '%from catalogue_version c%' and statement like '%from products p%'`);
      return (result as unknown as { rows: { generic: number; custom: number }[] }).rows;
    });
    expect(plans).toHaveLength(1);
    // PostgreSQL tries custom plans for the first five runs, then keeps the generic one when it costs no more.
    expect(plans[0]?.custom).toBeLessThanOrEqual(5);
    expect(plans[0]?.generic).toBeGreaterThanOrEqual(RUNS - 5);
  });
});
