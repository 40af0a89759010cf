import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plot, Product } from '#domain/contracts/catalogue.ts';
import { buildPlotQuery, type PlotQuery } from '#domain/plot-query.ts';
import { audiences, holds, orders, plotAudiencePrices, plots, productAudiences, products } from '../../server/db/schema/index.ts';
import { createTestShop, type TestShop } from './helpers/test-app.ts';

// Wednesday 4 March 2026, 09:15 in Amsterdam (CET): the seed's "today".
const NOW = '2026-03-04T08:15:00Z';
const TODAY = '2026-03-04';
const DAY_1 = '2026-03-05'; // aquarium 13:00 nearly full (3 left), first-seed rule
const DAY_2 = '2026-03-06'; // aquarium 14:00 sold out, first-seed rule
const SATURDAY = '2026-03-07'; // aquarium 11:00 sold out every Saturday
const SUNDAY = '2026-03-08'; // aquarium 15:00 nearly full every Sunday
const HORIZON = '2026-06-02'; // today + 90 days

let shop: TestShop;
const ids: Record<string, number> = {};

beforeAll(async () => {
  shop = await createTestShop({ now: NOW });
  for (const row of await shop.db.select({ id: products.id, slug: products.slug }).from(products)) ids[row.slug] = row.id;
  for (const row of await shop.db.select({ id: audiences.id, texts: audiences.texts }).from(audiences)) ids[`audience:${row.texts.en?.name}`] = row.id;
});

afterAll(async () => {
  await shop?.close();
});

function url(slug: string, query: Partial<PlotQuery> = {}): string {
  const search = new URLSearchParams(buildPlotQuery(query)).toString();
  return `/api/products/${ids[slug]}/plots${search ? `?${search}` : ''}`;
}

async function getPlots(slug: string, query: Partial<PlotQuery> = {}): Promise<Plot[]> {
  const response = await shop.app.inject({ url: url(slug, query) });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json<Plot[]>();
}

function at(list: Plot[], date: string, start: string | null): Plot {
  const plot = list.find((candidate) => candidate.date === date && candidate.time.start === start);
  if (!plot) throw new Error(`no plot on ${date} at ${start}`);
  return plot;
}

async function plotId(slug: string, date: string, start: string | null): Promise<number> {
  const [row] = await shop.db
    .select({ id: plots.id })
    .from(plots)
    .where(and(eq(plots.productId, ids[slug]!), eq(plots.date, date), start === null ? undefined : eq(plots.startTime, `${start}:00`)));
  if (!row) throw new Error(`no plot of ${slug} on ${date} at ${start}`);
  return row.id;
}

async function holdPlaces(plot: number, quantity: number, expiresAt: Date): Promise<number> {
  const [order] = await shop.db
    .insert(orders)
    .values({
      hash: `test-${plot}-${quantity}-${expiresAt.getTime()}`,
      kind: 'PRODUCT',
      status: 'PENDING',
      customer: {
        first_name: 'Test',
        last_name: 'Visitor',
        email: 'test@example.com',
        company: null,
        vat_id: null,
        address: null,
        zipcode: null,
        city: null,
        fields: {},
      },
      language: 'en',
      productId: ids['aquarium-entry'],
      plotId: plot,
      quantity,
      currency: 'EUR',
    })
    .returning({ id: orders.id });
  // As the capacity guard writes a hold: the hold, and its places in the slot's `held`.
  await shop.db.insert(holds).values({ plotId: plot, orderId: order!.id, quantity, expiresAt });
  await shop.db
    .update(plots)
    .set({ held: sql`${plots.held} + ${quantity}` })
    .where(eq(plots.id, plot));
  return order!.id;
}

/** The orders `holdPlaces` made on the slot gone, and their places with them. */
async function dropHolds(plot: number): Promise<void> {
  await shop.db.delete(orders).where(eq(orders.plotId, plot));
  await shop.db.update(plots).set({ held: 0 }).where(eq(plots.id, plot));
}

describe('GET /api/products/{id}/plots', () => {
  it('answers plots with exactly the contract fields, times as HH:MM and 2-decimal prices', async () => {
    const list = await getPlots('aquarium-entry');
    const plot = at(list, TODAY, '10:00');
    expect(Object.keys(plot).sort()).toEqual(
      ['id', 'date', 'time', 'capacity', 'availability', 'selectable', 'price', 'lowestTotalPrice', 'maxOrdersReached', 'audiencePrices'].sort(),
    );
    expect(plot).toEqual({
      id: await plotId('aquarium-entry', TODAY, '10:00'),
      date: TODAY,
      time: { start: '10:00', end: '11:00' },
      capacity: 40,
      availability: { amount: 40, percentage: 100 },
      selectable: true,
      price: 9.5,
      lowestTotalPrice: 9.5,
      maxOrdersReached: false,
      audiencePrices: [
        { audience: ids['audience:Adult'], price: 18.5 },
        { audience: ids['audience:Child (4-12)'], price: 9.5 },
        { audience: ids['audience:Senior (65+)'], price: 15 },
      ],
    });
  });

  it('lists from today to the horizon in date and time order by default', async () => {
    const list = await getPlots('aquarium-entry');
    expect(list[0]).toMatchObject({ date: TODAY, time: { start: '10:00' } });
    expect(list.at(-1)).toMatchObject({ date: HORIZON, time: { start: '16:00' } });
    expect(list).toHaveLength(91 * 7);
    const keys = list.map((plot) => `${plot.date} ${plot.time.start}`);
    expect(keys).toEqual([...keys].sort());
  });

  it('never lists past plots, even when the filter starts in the past', async () => {
    const [past] = await shop.db
      .insert(plots)
      .values({ productId: ids['aquarium-entry']!, date: '2026-03-03', startTime: '10:00:00', endTime: '11:00:00', capacity: 40 })
      .returning({ id: plots.id });
    try {
      expect((await getPlots('aquarium-entry')).some((plot) => plot.id === past!.id)).toBe(false);
      const filtered = await getPlots('aquarium-entry', { filterFrom: '2026-03-01', filterUntil: TODAY });
      expect(filtered.map((plot) => plot.date)).toEqual(Array(7).fill(TODAY));
      // ... except the plot of an order being rebooked, listed whatever the window but not selectable.
      const rebooking = await getPlots('aquarium-entry', { rebookPlot: past!.id, filterFrom: DAY_1, filterUntil: DAY_1 });
      expect(rebooking.map((plot) => plot.date)).toEqual(['2026-03-03', ...Array(7).fill(DAY_1)]);
      expect(rebooking[0]).toMatchObject({ id: past!.id, selectable: false });
    } finally {
      await shop.db.delete(plots).where(eq(plots.id, past!.id));
    }
  });

  it('counts a moved booking’s own places on its rebookPlot as free, up to what it orders, and its order not against the limit', async () => {
    const full = await plotId('aquarium-entry', DAY_1, '11:00');
    const [before] = await shop.db.select().from(plots).where(eq(plots.id, full));
    await shop.db.update(plots).set({ sold: before!.capacity!, maxOrders: 3, orderCount: 3 }).where(eq(plots.id, full));
    try {
      const order = { quantity: 2 };
      const plain = at(await getPlots('aquarium-entry', { order, filterFrom: DAY_1, filterUntil: DAY_1 }), DAY_1, '11:00');
      expect(plain).toMatchObject({ availability: { amount: 0 }, selectable: false, maxOrdersReached: true });
      const moving = await getPlots('aquarium-entry', { order, rebookPlot: full, filterFrom: DAY_1, filterUntil: DAY_1 });
      expect(at(moving, DAY_1, '11:00')).toMatchObject({ id: full, availability: { amount: 2 }, selectable: true, maxOrdersReached: false });
      // Only the booking's slot: the day's other slots are as they are.
      expect(at(moving, DAY_1, '10:00')).toEqual(at(await getPlots('aquarium-entry', { order, filterFrom: DAY_1, filterUntil: DAY_1 }), DAY_1, '10:00'));
    } finally {
      await shop.db.update(plots).set({ sold: before!.sold, maxOrders: before!.maxOrders, orderCount: before!.orderCount }).where(eq(plots.id, full));
    }
  });

  it('refuses a rebook plot of another product', async () => {
    const other = await plotId('penguin-feeding', DAY_1, '11:30');
    const response = await shop.app.inject({ url: url('aquarium-entry', { rebookPlot: other }) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ ok: false, error: 'VALIDATION_FAILED', fields: { rebookPlot: 'not_of_product' } });
  });

  it('narrows to filterFrom..filterUntil and orders descending on request', async () => {
    const window = await getPlots('aquarium-entry', { filterFrom: DAY_1, filterUntil: DAY_2 });
    expect(window).toHaveLength(14);
    expect(new Set(window.map((plot) => plot.date))).toEqual(new Set([DAY_1, DAY_2]));

    const descending = await getPlots('aquarium-entry', { filterFrom: DAY_1, filterUntil: DAY_2, orderingCol: 'date', orderingDir: 'desc' });
    expect(descending.map((plot) => `${plot.date} ${plot.time.start}`)).toEqual(window.map((plot) => `${plot.date} ${plot.time.start}`).reverse());
    expect(descending[0]).toMatchObject({ date: DAY_2, time: { start: '16:00' } });

    const all = await getPlots('aquarium-entry', { orderingDir: 'desc' });
    expect(all[0]).toMatchObject({ date: HORIZON, time: { start: '16:00' } });
  });

  it.each([
    [{ filterFrom: '2026-02-30' }, 'filterFrom'],
    [{ filterUntil: 'tomorrow' }, 'filterUntil'],
    [{ filterFrom: '2026-03-10', filterUntil: '2026-03-09' }, 'filterUntil'],
    [{ orderingDir: 'sideways' }, 'orderingDir'],
    [{ orderingCol: 'price' }, 'orderingCol'],
    [{ 'order[quantity]': '-2' }, 'order[quantity]'],
    [{ rebookPlot: 'abc' }, 'rebookPlot'],
  ])('refuses %j with 400 VALIDATION_FAILED', async (query, field) => {
    const search = new URLSearchParams(query as Record<string, string>).toString();
    const response = await shop.app.inject({ url: `/api/products/${ids['aquarium-entry']}/plots?${search}` });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ ok: false, error: 'VALIDATION_FAILED' });
    expect(Object.keys(body.fields)).toContain(field);
  });

  it('refuses an order for an audience the product does not have', async () => {
    const response = await shop.app.inject({ url: url('aquarium-entry', { order: { audiences: [{ id: ids['audience:Pupil']!, quantity: 2 }] } }) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ ok: false, error: 'VALIDATION_FAILED', fields: { 'order[audiences]': 'not_of_product' } });
  });

  it("refuses an order beyond the product's maximum, in total or for one audience, with QUANTITY_INVALID", async () => {
    const refused = async (slug: string, order: PlotQuery['order'], field: string) => {
      const response = await shop.app.inject({ url: url(slug, { order }) });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ ok: false, error: 'QUANTITY_INVALID', fields: { [field]: 'above_max' } });
    };
    // zoo-day-ticket allows 10; aquarium-entry 20 in total; school-group-visit 60, of them at most 40 pupils and 1 teacher.
    await refused('zoo-day-ticket', { quantity: 11 }, 'order[quantity]');
    await refused('zoo-day-ticket', { quantity: 10_000 }, 'order[quantity]');
    const adult = ids['audience:Adult']!;
    const child = ids['audience:Child (4-12)']!;
    await refused('aquarium-entry', { audiences: [{ id: adult, quantity: 21 }] }, 'order[audiences][0][quantity]');
    await refused(
      'aquarium-entry',
      {
        audiences: [
          { id: adult, quantity: 12 },
          { id: child, quantity: 9 },
        ],
      },
      'order',
    );
    await refused('aquarium-entry', { quantity: 21 }, 'order[quantity]');
    const pupil = ids['audience:Pupil']!;
    const teacher = ids['audience:Teacher']!;
    await refused(
      'school-group-visit',
      {
        audiences: [
          { id: teacher, quantity: 1 },
          { id: pupil, quantity: 41 },
        ],
      },
      'order[audiences][1][quantity]',
    );
    await refused(
      'school-group-visit',
      {
        audiences: [
          { id: teacher, quantity: 2 },
          { id: pupil, quantity: 10 },
        ],
      },
      'order[audiences][0][quantity]',
    );

    // Exactly at the maximum is listed.
    expect(await getPlots('zoo-day-ticket', { filterUntil: TODAY, order: { quantity: 10 } })).toHaveLength(1);
    expect(
      await getPlots('aquarium-entry', {
        filterUntil: TODAY,
        order: {
          audiences: [
            { id: adult, quantity: 11 },
            { id: child, quantity: 9 },
          ],
        },
      }),
    ).not.toHaveLength(0);
  });

  it('shows sold-out plots as not selectable, with 0 places and 0 %', async () => {
    const list = await getPlots('aquarium-entry', { filterFrom: DAY_2, filterUntil: SATURDAY });
    expect(at(list, DAY_2, '14:00')).toMatchObject({ availability: { amount: 0, percentage: 0 }, selectable: false });
    expect(at(list, SATURDAY, '11:00')).toMatchObject({ availability: { amount: 0, percentage: 0 }, selectable: false });
    expect(at(list, DAY_2, '13:00')).toMatchObject({ availability: { amount: 40, percentage: 100 }, selectable: true });
  });

  it('makes a nearly full slot unselectable once the order is larger than what is left', async () => {
    const forThree = await getPlots('aquarium-entry', { filterFrom: DAY_1, filterUntil: DAY_1, order: { quantity: 3 } });
    expect(at(forThree, DAY_1, '13:00')).toMatchObject({ availability: { amount: 3, percentage: 8 }, selectable: true });

    const forFour = await getPlots('aquarium-entry', { filterFrom: DAY_1, filterUntil: DAY_1, order: { quantity: 4 } });
    expect(at(forFour, DAY_1, '13:00')).toMatchObject({ availability: { amount: 3, percentage: 8 }, selectable: false });
    expect(at(forFour, DAY_1, '12:00').selectable).toBe(true);

    // Audience quantities count together.
    const audienceOrder = {
      audiences: [
        { id: ids['audience:Adult']!, quantity: 2 },
        { id: ids['audience:Child (4-12)']!, quantity: 2 },
      ],
    };
    const forAudiences = await getPlots('aquarium-entry', { filterFrom: SUNDAY, filterUntil: SUNDAY, order: audienceOrder });
    expect(at(forAudiences, SUNDAY, '15:00')).toMatchObject({ availability: { amount: 3, percentage: 8 }, selectable: false });
    expect(at(forAudiences, SUNDAY, '14:00').selectable).toBe(true);
  });

  it('counts live holds and stops counting a hold the moment it expires', async () => {
    const plot = await plotId('aquarium-entry', TODAY, '12:00');
    const now = new Date(NOW);
    await holdPlaces(plot, 5, new Date(now.getTime() + 10 * 60_000));
    await holdPlaces(plot, 7, new Date(now.getTime() - 1_000));
    try {
      const held = at(await getPlots('aquarium-entry', { filterUntil: TODAY }), TODAY, '12:00');
      expect(held.availability).toEqual({ amount: 35, percentage: 88 });

      shop.clock.set(new Date(now.getTime() + 10 * 60_000 + 1));
      const expired = at(await getPlots('aquarium-entry', { filterUntil: TODAY }), TODAY, '12:00');
      expect(expired.availability).toEqual({ amount: 40, percentage: 100 });
    } finally {
      shop.clock.set(NOW);
      await dropHolds(plot);
    }
  });

  it('lets holds fill a slot so that it is no longer selectable', async () => {
    const plot = await plotId('aquarium-entry', TODAY, '16:00');
    await holdPlaces(plot, 38, new Date(new Date(NOW).getTime() + 15 * 60_000));
    try {
      const list = await getPlots('aquarium-entry', { filterUntil: TODAY, order: { quantity: 3 } });
      expect(at(list, TODAY, '16:00')).toMatchObject({ availability: { amount: 2, percentage: 5 }, selectable: false });
    } finally {
      await dropHolds(plot);
    }
  });

  it('makes slots that already started today unselectable', async () => {
    // 09:15 in Amsterdam: the 09:00 tour has begun, the 15:00 one has not.
    const list = await getPlots('behind-the-scenes', { filterUntil: TODAY });
    expect(list.map((plot) => [plot.time.start, plot.time.end, plot.selectable])).toEqual([
      ['09:00', '10:30', false],
      ['15:00', '16:30', true],
    ]);
    expect(list[0]).toMatchObject({ price: 35, lowestTotalPrice: 35, audiencePrices: [], availability: { amount: 8, percentage: 100 } });
  });

  it('prices the order on each plot, with plot audience prices overriding the product ones', async () => {
    const plot = await plotId('aquarium-entry', DAY_1, '10:00');
    await shop.db.insert(plotAudiencePrices).values({ plotId: plot, audienceId: ids['audience:Adult']!, priceCents: 2000 });
    try {
      const order = {
        audiences: [
          { id: ids['audience:Adult']!, quantity: 2 },
          { id: ids['audience:Child (4-12)']!, quantity: 1 },
        ],
      };
      const list = await getPlots('aquarium-entry', { filterFrom: DAY_1, filterUntil: DAY_1, order });
      const special = at(list, DAY_1, '10:00');
      expect(special.audiencePrices).toContainEqual({ audience: ids['audience:Adult'], price: 20 });
      expect(special.lowestTotalPrice).toBe(49.5);
      expect(at(list, DAY_1, '11:00').lowestTotalPrice).toBe(46.5);

      const regular = await getPlots('behind-the-scenes', { filterFrom: DAY_1, filterUntil: DAY_1, order: { quantity: 3 } });
      expect(regular.map((entry) => entry.lowestTotalPrice)).toEqual([105, 105]);
    } finally {
      await shop.db.delete(plotAudiencePrices).where(eq(plotAudiencePrices.plotId, plot));
    }
  });

  it("prices with the product's audience prices as they are now, changed after an earlier answer", async () => {
    const order = {
      audiences: [
        { id: ids['audience:Adult']!, quantity: 2 },
        { id: ids['audience:Child (4-12)']!, quantity: 1 },
      ],
    };
    const priced = async () => at(await getPlots('aquarium-entry', { filterFrom: DAY_1, filterUntil: DAY_1, order }), DAY_1, '11:00').lowestTotalPrice;
    const adult = and(eq(productAudiences.productId, ids['aquarium-entry']!), eq(productAudiences.audienceId, ids['audience:Adult']!));
    expect(await priced()).toBe(46.5);
    try {
      await shop.db.update(productAudiences).set({ priceCents: 2000 }).where(adult);
      expect(await priced()).toBe(49.5);
    } finally {
      await shop.db.update(productAudiences).set({ priceCents: 1850 }).where(adult);
    }
    expect(await priced()).toBe(46.5);
  });

  it('answers a listing asked again with what staff changed since: end time, capacity and order limit live, a plot price at once', async () => {
    const listed = async () => at(await getPlots('aquarium-entry', { filterFrom: DAY_1, filterUntil: DAY_1, order: { quantity: 1 } }), DAY_1, '11:00');
    const [slot] = await shop.db
      .select()
      .from(plots)
      .where(and(eq(plots.productId, ids['aquarium-entry']!), eq(plots.date, DAY_1), eq(plots.startTime, '11:00:00')));
    const before = await listed();
    await listed(); // asked again: the listing is kept, its counters read live
    try {
      await shop.db
        .update(plots)
        .set({ endTime: '11:45:00', capacity: slot!.sold + 1, maxOrders: slot!.orderCount + 5 })
        .where(eq(plots.id, slot!.id));
      const changed = await listed();
      expect(changed.time.end).toBe('11:45');
      expect(changed.capacity).toBe(slot!.sold + 1);
      expect(changed.availability.amount).toBe(1);
      await shop.db.update(plots).set({ priceCents: 4200 }).where(eq(plots.id, slot!.id));
      expect((await listed()).price).toBe(42);
    } finally {
      await shop.db
        .update(plots)
        .set({ endTime: slot!.endTime, capacity: slot!.capacity, maxOrders: slot!.maxOrders, priceCents: slot!.priceCents })
        .where(eq(plots.id, slot!.id));
    }
    expect(await listed()).toEqual(before);
  });

  it('leaves hidden audiences out of the audience prices', async () => {
    const list = await getPlots('school-group-visit', { filterFrom: DAY_1, filterUntil: DAY_1 });
    expect(list).toHaveLength(1);
    expect(list[0]!.audiencePrices).toEqual([
      { audience: ids['audience:Pupil'], price: 7 },
      { audience: ids['audience:Teacher'], price: 0 },
    ]);
    const order = {
      audiences: [
        { id: ids['audience:Pupil']!, quantity: 20 },
        { id: ids['audience:Teacher']!, quantity: 1 },
      ],
    };
    expect((await getPlots('school-group-visit', { filterFrom: DAY_1, filterUntil: DAY_1, order }))[0]!.lowestTotalPrice).toBe(140);
  });

  it('reports a reached order limit and makes the plot unselectable', async () => {
    const plot = await plotId('school-group-visit', DAY_1, '09:30');
    await shop.db.update(plots).set({ orderCount: 2 }).where(eq(plots.id, plot));
    try {
      const list = await getPlots('school-group-visit', { filterFrom: DAY_1, filterUntil: DAY_2 });
      expect(at(list, DAY_1, '09:30')).toMatchObject({ maxOrdersReached: true, selectable: false, availability: { amount: 60, percentage: 100 } });
      expect(at(list, DAY_2, '09:30')).toMatchObject({ maxOrdersReached: false, selectable: true });
    } finally {
      await shop.db.update(plots).set({ orderCount: 0 }).where(eq(plots.id, plot));
    }
  });

  it("answers unlimited whole-day plots as 999 places at 100 %, selectable for the product's largest order", async () => {
    // zoo-day-ticket: max_quantity 10.
    const list = await getPlots('zoo-day-ticket', { filterUntil: DAY_1, order: { quantity: 10 } });
    expect(list).toEqual([
      expect.objectContaining({
        date: TODAY,
        time: { start: null, end: null },
        capacity: null,
        availability: { amount: 999, percentage: 100 },
        selectable: true,
        price: 24,
        lowestTotalPrice: 240,
      }),
      expect.objectContaining({ date: DAY_1, capacity: null, selectable: true }),
    ]);
  });

  it('answers an empty list for a product without days', async () => {
    expect(await getPlots('zoo-guidebook')).toEqual([]);
  });
});

describe('Product.availability', () => {
  async function availability(slug: string): Promise<number> {
    const response = await shop.app.inject({ url: `/api/products/${ids[slug]}` });
    expect(response.statusCode).toBe(200);
    return response.json<Product>().availability;
  }

  it('is the most places any upcoming selectable plot has left', async () => {
    expect(await availability('night-at-the-aquarium')).toBe(30);
    const fridays = await shop.db.select({ id: plots.id, capacity: plots.capacity }).from(plots).where(eq(plots.productId, ids['night-at-the-aquarium']!));
    // Every Friday night but one nearly sold out: the one with most room counts.
    for (const [index, plot] of fridays.entries()) {
      await shop.db
        .update(plots)
        .set({ sold: index === 3 ? 12 : 29 })
        .where(eq(plots.id, plot.id));
    }
    try {
      expect(await availability('night-at-the-aquarium')).toBe(18);
      await shop.db.update(plots).set({ sold: 30 }).where(eq(plots.productId, ids['night-at-the-aquarium']!));
      expect(await availability('night-at-the-aquarium')).toBe(0);
    } finally {
      await shop.db.update(plots).set({ sold: 0 }).where(eq(plots.productId, ids['night-at-the-aquarium']!));
    }
  });
  /** Runs `body` with the product's plots changed, then puts back every plot's sold places and order count and limit. */
  async function withPlotsOf(slug: string, change: () => Promise<void>, body: () => Promise<void>): Promise<void> {
    const productId = ids[slug]!;
    const before = await shop.db
      .select({ id: plots.id, sold: plots.sold, orderCount: plots.orderCount, maxOrders: plots.maxOrders })
      .from(plots)
      .where(eq(plots.productId, productId));
    try {
      await change();
      await body();
    } finally {
      for (const { id, ...was } of before) await shop.db.update(plots).set(was).where(eq(plots.id, id));
    }
  }

  /** What the plot listing says for one ticket: the most places on a selectable plot, capped. */
  async function fromListing(slug: string): Promise<number> {
    const amounts = (await getPlots(slug)).filter((plot) => plot.selectable).map((plot) => plot.availability.amount);
    return Math.min(999, Math.max(0, ...amounts));
  }

  it('leaves out a slot that already started today, however much room it has', async () => {
    // 09:15 in Amsterdam: today's 09:00 tour has begun; every other tour is sold out.
    const started = await plotId('behind-the-scenes', TODAY, '09:00');
    const later = await plotId('behind-the-scenes', TODAY, '15:00');
    await withPlotsOf(
      'behind-the-scenes',
      () =>
        shop.db
          .update(plots)
          .set({ sold: 8 })
          .where(and(eq(plots.productId, ids['behind-the-scenes']!), ne(plots.id, started)))
          .then(() => undefined),
      async () => {
        expect(await availability('behind-the-scenes')).toBe(0);
        await shop.db.update(plots).set({ sold: 3 }).where(eq(plots.id, later));
        expect(await availability('behind-the-scenes')).toBe(5);
      },
    );
  });

  it('leaves out plots whose order limit is reached', async () => {
    const open = await plotId('school-group-visit', DAY_2, '09:30');
    await withPlotsOf(
      'school-group-visit',
      async () => {
        await shop.db.update(plots).set({ orderCount: 2 }).where(eq(plots.productId, ids['school-group-visit']!));
        await shop.db.update(plots).set({ orderCount: 1, sold: 25 }).where(eq(plots.id, open));
      },
      async () => {
        expect(await availability('school-group-visit')).toBe(35);
        await shop.db.update(plots).set({ orderCount: 2 }).where(eq(plots.id, open));
        expect(await availability('school-group-visit')).toBe(0);
      },
    );
  });

  it('counts live holds and stops counting them when they expire', async () => {
    const plot = await plotId('aquarium-entry', DAY_1, '10:00');
    const now = new Date(NOW);
    await withPlotsOf(
      'aquarium-entry',
      () =>
        shop.db
          .update(plots)
          .set({ sold: 40 })
          .where(and(eq(plots.productId, ids['aquarium-entry']!), ne(plots.id, plot)))
          .then(() => undefined),
      async () => {
        await holdPlaces(plot, 6, new Date(now.getTime() + 10 * 60_000));
        try {
          expect(await availability('aquarium-entry')).toBe(34);
          shop.clock.set(new Date(now.getTime() + 10 * 60_000 + 1));
          expect(await availability('aquarium-entry')).toBe(40);
        } finally {
          shop.clock.set(NOW);
          await dropHolds(plot);
        }
      },
    );
  });

  it('answers 999 for unlimited plots and for products without days', async () => {
    expect(await availability('zoo-day-ticket')).toBe(999);
    expect(await availability('zoo-guidebook')).toBe(999);
  });

  it.each(['aquarium-entry', 'behind-the-scenes', 'school-group-visit', 'penguin-feeding', 'night-at-the-aquarium', 'zoo-day-ticket'])(
    'agrees with the plot listing for %s (both judge slots with isSelectable for one ticket)',
    async (slug) => {
      expect(await availability(slug)).toBe(await fromListing(slug));
      // Every plot in some state: full, a varying few places left (at most 7), order limit reached
      // with all its room, or a few left. Today's already-started slots keep all their room: they
      // must not count. A wrong rule on either side answers the full capacity instead.
      const productId = ids[slug]!;
      const now = new Date(NOW);
      await withPlotsOf(
        slug,
        async () => {
          await shop.db.execute(sql`
            update plots set
              sold = case ${plots.id} % 4
                when 0 then coalesce(${plots.capacity}, 0)
                when 1 then greatest(coalesce(${plots.capacity}, 0) - 1 - ${plots.id} % 7, 0)
                when 3 then greatest(coalesce(${plots.capacity}, 0) - 2 - ${plots.id} % 5, 0)
                else 0 end,
              order_count = case when ${plots.id} % 4 = 2 then coalesce(${plots.maxOrders}, 1) else 0 end,
              max_orders = case when ${plots.id} % 4 = 2 then coalesce(${plots.maxOrders}, 1) else ${plots.maxOrders} end
            where ${plots.productId} = ${productId} and not (${plots.date} = ${TODAY} and ${plots.startTime} < '09:15')`);
        },
        async () => {
          const [first] = await shop.db
            .select({ id: plots.id })
            .from(plots)
            .where(and(eq(plots.productId, productId), eq(plots.date, DAY_1)))
            .limit(1);
          const held = first?.id;
          if (held !== undefined) await holdPlaces(held, 2, new Date(now.getTime() + 60_000));
          try {
            expect(await availability(slug)).toBe(await fromListing(slug));
          } finally {
            if (held !== undefined) await dropHolds(held);
          }
        },
      );
    },
  );
});
