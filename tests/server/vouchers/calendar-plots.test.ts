/** GET /api/plots: the calendar's one query for every product with days over its 60-day window. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarPlots } from '#domain/contracts/calendar.ts';
import { products } from '../../../server/db/schema/index.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ now: '2030-06-03T07:00:00Z' });
});
afterAll(() => shop.close());

describe('GET /api/plots', () => {
  it('lists every served product with days and its plots in the window, by date', async () => {
    const response = await shop.app.inject({ url: '/api/plots?filterFrom=2030-06-03&filterUntil=2030-08-02&orderingCol=date&orderingDir=asc' });
    expect(response.statusCode).toBe(200);
    const answer = response.json<CalendarPlots>();
    const withDays = (await shop.db.select().from(products)).filter((row) => row.hasDays && ['PUBLISHED', 'INVISIBLE'].includes(row.state));
    expect(answer.map((entry) => entry.product).sort()).toEqual(withDays.map((row) => row.id).sort());
    for (const entry of answer) {
      expect(entry.plots.length).toBeGreaterThan(0);
      const dates = entry.plots.map((plot) => plot.date);
      expect(dates).toEqual([...dates].sort());
      expect(dates.every((date) => date >= '2030-06-03' && date <= '2030-08-02')).toBe(true);
    }
  });

  it('refuses a malformed window with the plot query problems', async () => {
    const response = await shop.app.inject({ url: '/api/plots?filterFrom=tomorrow' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'VALIDATION_FAILED' });
  });
});
