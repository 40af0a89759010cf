/**
 * Calendar listings that miss the answer cache (a moved `filterFrom` each time) count per address
 * (UNCACHED_LISTINGS_PER_MINUTE, here 5): past it `429 RATE_LIMITED` for that address only; another address
 * is answered, and the same listing asked again from the cache never counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { createTestShop, type TestShop } from './helpers/test-app.ts';

let shop: TestShop;

beforeAll(async () => {
  const defaults = loadConfig({});
  shop = await createTestShop({
    now: '2030-06-03T07:00:00Z',
    config: { catalogueCacheMs: 60_000, heavyReads: { ...defaults.heavyReads, uncachedListingsPerMinute: 5 } },
  });
});

afterAll(async () => {
  await shop?.close();
});

const day = (offset: number) => new Date(Date.UTC(2030, 5, 4 + offset)).toISOString().slice(0, 10);

describe('uncached calendar listings', () => {
  it('are limited per address, while cached answers and other addresses are not', async () => {
    const asked = (from: string, address: string) => shop.app.inject({ url: `/api/plots?filterFrom=${from}`, remoteAddress: address });
    const statuses: number[] = [];
    for (let offset = 0; offset < 6; offset += 1) statuses.push((await asked(day(offset), '10.9.0.1')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await asked(day(6), '10.9.0.1')).json()).toMatchObject({ ok: false, error: 'RATE_LIMITED' });
    // From the answer cache: as often as anyone likes.
    for (let repeat = 0; repeat < 10; repeat += 1) expect((await asked(day(0), '10.9.0.1')).statusCode).toBe(200);
    expect((await asked(day(20), '10.9.0.2')).statusCode).toBe(200);
  });
});
