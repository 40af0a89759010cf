/**
 * With the answer cache off (CATALOGUE_CACHE_MS=0) every answer is worked out from a read that started
 * after it was asked for. A listing whose live counters and moment are what they were is the last
 * answer again (plot.service.ts `last`, server/lib/serialized-answers.ts `remembered`): it must still
 * show at once a place taken and a slot that has started since.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Plot } from '#domain/contracts/catalogue.ts';
import { plots, products } from '../../server/db/schema/index.ts';
import { createSerializedAnswers } from '../../server/lib/serialized-answers.ts';
import { createTestShop, type TestShop } from './helpers/test-app.ts';

// 09:15 in Amsterdam.
const NOW = '2026-03-04T08:15:00Z';
const TODAY = '2026-03-04';

let shop: TestShop;
let aquarium: number;

beforeAll(async () => {
  shop = await createTestShop({ now: NOW, config: { catalogueCacheMs: 0 } });
  const [row] = await shop.db.select({ id: products.id }).from(products).where(eq(products.slug, 'aquarium-entry'));
  aquarium = row?.id as number;
});

afterAll(async () => {
  await shop?.close();
});

const listing = async (): Promise<Plot[]> => {
  const response = await shop.app.inject({ url: `/api/products/${aquarium}/plots?order%5Bquantity%5D=1&filterUntil=${TODAY}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Plot[]>();
};
const slot = (list: Plot[], start: string) => list.find((plot) => plot.date === TODAY && plot.time.start === start);

describe('answers with the cache off', () => {
  it('answer a listing asked again the same, and show at once a place taken and a slot that has started', async () => {
    const first = await listing();
    expect(await listing()).toEqual(first);
    expect(slot(first, '10:00')).toMatchObject({ selectable: true, availability: { amount: 40 } });

    const [ten] = await shop.db
      .select({ id: plots.id })
      .from(plots)
      .where(and(eq(plots.productId, aquarium), eq(plots.date, TODAY), eq(plots.startTime, '10:00:00')));
    await shop.db
      .update(plots)
      .set({ sold: 1 })
      .where(eq(plots.id, ten?.id ?? -1));
    try {
      expect(slot(await listing(), '10:00')).toMatchObject({ selectable: true, availability: { amount: 39 } });

      // Nothing moved on the slots, but 10:00 has begun: the same counters, another moment, another answer.
      shop.clock.set(new Date('2026-03-04T09:00:01Z'));
      const later = await listing();
      expect(slot(later, '10:00')).toMatchObject({ selectable: false });
      expect(slot(later, '12:00')).toMatchObject({ selectable: true });
    } finally {
      shop.clock.set(NOW);
      await shop.db
        .update(plots)
        .set({ sold: 0 })
        .where(eq(plots.id, ten?.id ?? -1));
    }
  });
});

describe('serialized answers', () => {
  const app = { clock: { now: () => new Date(NOW) }, config: { catalogueCacheMs: 0, checkResponses: true } } as unknown as FastifyInstance;

  it('send an answer written again the same as the same bytes, and a changed one anew', async () => {
    const answers = createSerializedAnswers(app, 2, 'GET /test', z.array(z.number()));
    const first = await answers.serialized('a', async () => '[1,2]');
    expect(await answers.serialized('a', async () => JSON.stringify([1, 2]))).toBe(first);
    const changed = await answers.serialized('a', async () => '[1,3]');
    expect(changed).not.toBe(first);
    expect(changed.json).toBe('[1,3]');
    expect(await answers.json('b', async () => [1, 3])).not.toBe(changed);
  });

  it('still check a new answer against the route schema, and remember no more keys than asked', async () => {
    const answers = createSerializedAnswers(app, 1, 'GET /test', z.array(z.number()));
    await expect(answers.serialized('a', async () => '["x"]')).rejects.toThrow();
    const one = await answers.serialized('a', async () => '[1]');
    await answers.serialized('b', async () => '[2]');
    expect(await answers.serialized('a', async () => '[1]')).not.toBe(one);
  });
});
