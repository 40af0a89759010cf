/**
 * The one-statement checkout prices with the catalogue its process kept, and writes only in a
 * statement that finds the catalogue version unchanged (catalogue/checkout-catalogue.ts). Here: the
 * version moves with every change a checkout prices or validates with, and not with the counters a
 * checkout moves; a change made behind the process's back is charged from the next order on; and a
 * refusal that kept data would decide is decided again on what the database says now.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderResponse } from '#domain/contracts/orders.ts';
import { orders, plots, products } from '../../../server/db/schema/index.ts';
import { customer } from '../helpers/customers.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';

const NOW = '2030-06-03T07:00:00Z';
const DAY = '2030-06-10';

let shop: TestShop;
let zoo: number;
let plot: number;

const version = async () => {
  const result = await shop.db.execute(sql`select version::text as version from catalogue_version`);
  const [row] = (result as unknown as { rows: { version: string }[] }).rows;
  return BigInt(row?.version ?? '0');
};

async function order(quantity = 1) {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: { customer, orders: [{ product: { id: zoo, plot, quantity } }] },
  });
  return response;
}

async function chargedCents(quantity = 1) {
  const response = await order(quantity);
  expect(response.statusCode, response.body).toBe(200);
  const [line] = (response.json() as OrderResponse).response.orders;
  const [row] = await shop.db
    .select({ total: orders.totalCents })
    .from(orders)
    .where(eq(orders.hash, line?.order?.hash ?? ''));
  return { answered: Math.round((line?.prices.total ?? 0) * 100), stored: row?.total };
}

beforeAll(async () => {
  shop = await createTestShop({ now: NOW });
  const [product] = await shop.db.select({ id: products.id }).from(products).where(eq(products.slug, 'zoo-day-ticket'));
  zoo = product?.id as number;
  const [row] = await shop.db
    .select({ id: plots.id })
    .from(plots)
    .where(and(eq(plots.productId, zoo), eq(plots.date, DAY)));
  plot = row?.id as number;
});

afterAll(async () => {
  await shop?.close();
});

describe('the catalogue version', () => {
  it('moves with every change a checkout prices or validates with', async () => {
    const changes = [
      sql`update organisations set hold_minutes = hold_minutes`,
      sql`update additions set amount_cents = amount_cents`,
      sql`update customer_fields set required = required`,
      sql`update products set price_cents = price_cents where id = ${zoo}`,
      sql`update audiences set sort = sort`,
      sql`update product_audiences set price_cents = price_cents`,
      sql`update upsells set price_cents = price_cents`,
      sql`update product_upsells set sort = sort`,
      sql`update plot_audience_prices set price_cents = price_cents`,
      sql`update plots set price_cents = price_cents where id = ${plot}`,
      sql`update plots set date = date where id = ${plot}`,
      sql`update plots set start_time = start_time where id = ${plot}`,
      sql`update plots set product_id = product_id where id = ${plot}`,
    ];
    for (const change of changes) {
      const before = await version();
      await shop.db.execute(change);
      expect(await version(), change.queryChunks.map(String).join('')).toBe(before + 1n);
    }
  });

  it('stays where it is while checkouts take and give back places', async () => {
    const before = await version();
    expect((await order()).statusCode).toBe(200);
    await shop.db.execute(sql`update plots set held = held, sold = sold, order_count = order_count where id = ${plot}`);
    expect(await version()).toBe(before);
  });
});

describe('a checkout priced with the kept catalogue', () => {
  it('charges a price changed behind its back from the next order on', async () => {
    expect(await chargedCents()).toEqual({ answered: 2500, stored: 2500 });
    // Kept now; changed directly in the database, as another process or an operator would.
    await shop.db.update(products).set({ priceCents: 2600 }).where(eq(products.id, zoo));
    expect(await chargedCents()).toEqual({ answered: 2700, stored: 2700 });
    await shop.db.update(plots).set({ priceCents: 1900 }).where(eq(plots.id, plot));
    expect(await chargedCents()).toEqual({ answered: 2000, stored: 2000 });
    await shop.db.execute(sql`update additions set amount_cents = 250`);
    expect(await chargedCents()).toEqual({ answered: 2150, stored: 2150 });
  });

  it('decides a refusal on the catalogue as it is now, not as it was kept', async () => {
    expect((await order(2)).statusCode).toBe(200);
    await shop.db.update(products).set({ maxQuantity: 12 }).where(eq(products.id, zoo));
    // The kept product allows 10: refused there, accepted on the fresh read.
    expect((await order(11)).statusCode).toBe(200);
    await shop.db.update(products).set({ maxQuantity: 3 }).where(eq(products.id, zoo));
    const refused = await order(4);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('QUANTITY_INVALID');
  });

  it('stops selling a product taken off sale, though the process kept it', async () => {
    expect((await order()).statusCode).toBe(200);
    await shop.db.update(products).set({ state: 'DRAFT' }).where(eq(products.id, zoo));
    const refused = await order();
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toBe('PRODUCT_NOT_AVAILABLE');
    await shop.db.update(products).set({ state: 'PUBLISHED' }).where(eq(products.id, zoo));
  });
});
