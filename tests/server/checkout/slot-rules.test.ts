/**
 * The slot rules a checkout shares with the plots listing (src/domain/order/slot-rules.ts and
 * slotPrices): a slot that has started is neither selectable nor accepted; the price charged is
 * the price the listing shows; and a reservation released unpaid gives its places back.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plot } from '#domain/contracts/catalogue.ts';
import type { OrderResponse, PaymentResumeResponse } from '#domain/contracts/orders.ts';
import { buildPlotQuery, type PlotQuery } from '#domain/plot-query.ts';
import { audiences, plots, products } from '../../../server/db/schema/index.ts';
import { customer, tourCustomer } from '../helpers/customers.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';

// Wednesday 4 March 2026, 09:15 in Amsterdam (CET): the seed's "today".
const NOW = '2026-03-04T08:15:00Z';
const TODAY = '2026-03-04';
const LATER = '2026-03-12';

let shop: TestShop;
const ids: Record<string, number> = {};

beforeAll(async () => {
  shop = await createTestShop({ now: NOW });
  for (const row of await shop.db.select({ id: products.id, slug: products.slug }).from(products)) ids[row.slug] = row.id;
  for (const row of await shop.db.select({ id: audiences.id, texts: audiences.texts }).from(audiences)) ids[`audience:${row.texts.en?.name}`] = row.id;
});

afterAll(async () => shop?.close());

async function listed(slug: string, query: Partial<PlotQuery>): Promise<Plot[]> {
  const search = new URLSearchParams(buildPlotQuery(query)).toString();
  const response = await shop.app.inject({ url: `/api/products/${ids[slug]}/plots?${search}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Plot[]>();
}

async function plotAt(slug: string, date: string, start: string) {
  const [row] = await shop.db
    .select()
    .from(plots)
    .where(and(eq(plots.productId, ids[slug]!), eq(plots.date, date), eq(plots.startTime, `${start}:00`)));
  if (!row) throw new Error(`no ${slug} slot on ${date} at ${start}`);
  return row;
}

const post = (payload: Record<string, unknown>) => shop.app.inject({ method: 'POST', url: '/api/orders', payload });

describe('a slot that has started today', () => {
  it('is listed as not selectable and refused at checkout, while a later slot that day is accepted', async () => {
    // 09:15 in Amsterdam: the 09:00 tour has begun, the 15:00 one has not.
    const [started, later] = await listed('behind-the-scenes', { filterFrom: TODAY, filterUntil: TODAY });
    expect([started?.time.start, started?.selectable, later?.time.start, later?.selectable]).toEqual(['09:00', false, '15:00', true]);

    const line = (plot: number) => ({ product: { id: ids['behind-the-scenes'], plot, quantity: 1 } });
    const refused = await post({ customer: tourCustomer, simulate: true, orders: [line(started!.id)] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ ok: false, error: 'PLOT_NOT_AVAILABLE' });
    const submitted = await post({ customer: tourCustomer, orders: [line(started!.id)] });
    expect(submitted.json()).toMatchObject({ ok: false, error: 'PLOT_NOT_AVAILABLE' });
    expect((await post({ customer: tourCustomer, orders: [line(later!.id)] })).statusCode).toBe(200);
  });
});

describe('the price charged', () => {
  it('is the price the plots listing shows for the same order on that slot', async () => {
    const adult = ids['audience:Adult']!;
    const child = ids['audience:Child (4-12)']!;
    const [slot] = await listed('aquarium-entry', {
      filterFrom: LATER,
      filterUntil: LATER,
      order: {
        audiences: [
          { id: adult, quantity: 2 },
          { id: child, quantity: 1 },
        ],
      },
    });
    const answer = await post({
      customer,
      simulate: true,
      orders: [{ product: { id: ids['aquarium-entry'], plot: slot!.id, quantity: 3 }, audiences: { [adult]: { quantity: 2 }, [child]: { quantity: 1 } } }],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const [line] = (answer.json() as OrderResponse).response.orders;
    expect(line?.prices.product).toBe(slot!.lowestTotalPrice);

    const [plain] = await listed('behind-the-scenes', { filterFrom: LATER, filterUntil: LATER, order: { quantity: 3 } });
    const tour = await post({ customer: tourCustomer, simulate: true, orders: [{ product: { id: ids['behind-the-scenes'], plot: plain!.id, quantity: 3 } }] });
    expect((tour.json() as OrderResponse).response.orders[0]?.prices.product).toBe(plain!.lowestTotalPrice);
  });
});

describe('a reservation released unpaid', () => {
  it('gives its sold places and its order count back when its payment fails or is cancelled', async () => {
    const slot = await plotAt('behind-the-scenes', LATER, '15:00');
    const before = { sold: slot.sold, orderCount: slot.orderCount };
    for (const action of ['fail', 'cancel'] as const) {
      const reserved = await post({
        customer: tourCustomer,
        action: 'reserve',
        orders: [{ product: { id: ids['behind-the-scenes'], plot: slot.id, quantity: 3 } }],
      });
      expect(reserved.statusCode, reserved.body).toBe(200);
      const hash = (reserved.json() as OrderResponse).response.orders[0]?.order?.hash ?? '';
      expect(await plotAt('behind-the-scenes', LATER, '15:00')).toMatchObject({ sold: before.sold + 3, orderCount: before.orderCount + 1 });

      const resumed = (await shop.app.inject({ url: `/api/payment/${hash}` })).json() as PaymentResumeResponse;
      const settled = await shop.app.inject({ method: 'POST', url: `/api/test-gateway/${resumed.response.payment.hash}/${action}` });
      expect(settled.statusCode).toBe(303);
      expect(await plotAt('behind-the-scenes', LATER, '15:00')).toMatchObject({ sold: before.sold, orderCount: before.orderCount });
    }
  });
});
