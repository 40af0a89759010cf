/**
 * The shared rate limiter on a real database (PGlite, and PostgreSQL with two connection pools
 * standing for two API processes): a burst gets exactly the limit, keys are independent, the
 * window turns, and RATE_LIMITS=off writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../server/clock.ts';
import { openDatabase, type DatabaseHandle } from '../../../server/db/client.ts';
import { rateLimitWindows } from '../../../server/db/schema/index.ts';
import { createRateLimiter, RateLimitedError, type RateRule } from '../../../server/security/rate-limiter.ts';
import { createTestShop, testDatabaseUrl, type TestShop } from '../helpers/test-app.ts';

const rule: RateRule = { name: 'test-rule', limit: 10, windowSeconds: 60 };
let shop: TestShop;
let second: DatabaseHandle | undefined;

beforeAll(async () => {
  shop = await createTestShop({ now: '2026-11-23T10:00:30Z', seedDemo: false });
  if (testDatabaseUrl()) {
    // A second pool on the same database: another API process as far as PostgreSQL can tell.
    second = await openDatabase({ databaseUrl: testDatabaseUrl(), poolSize: 5 });
  }
});
afterAll(async () => {
  await second?.close();
  await shop?.close();
});

async function outcomes(takes: Promise<void>[]) {
  const settled = await Promise.allSettled(takes);
  return {
    allowed: settled.filter((one) => one.status === 'fulfilled').length,
    refused: settled.filter((one) => one.status === 'rejected' && one.reason instanceof RateLimitedError).length,
  };
}

describe('rate limiter', () => {
  it('lets exactly the limit through a simultaneous burst, across connection pools', async () => {
    const clock = fixedClock('2026-11-23T10:00:30Z');
    const limiters = [createRateLimiter({ db: shop.db, clock }), createRateLimiter({ db: (second ?? shop.database).db, clock })];
    const burst = Array.from({ length: 40 }, (_, index) => limiters[index % 2]!.take({ rule, subject: '203.0.113.7' }));
    expect(await outcomes(burst)).toEqual({ allowed: 10, refused: 30 });
  });

  it('says how long to wait, counts costs, and keeps subjects apart', async () => {
    const clock = fixedClock('2026-11-23T10:00:30Z');
    const limiter = createRateLimiter({ db: shop.db, clock });
    const refusal = await limiter.take({ rule, subject: '203.0.113.7' }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RateLimitedError);
    expect((refusal as RateLimitedError).retryAfterSeconds).toBe(30);
    expect((refusal as RateLimitedError).code).toBe('RATE_LIMITED');
    expect((refusal as RateLimitedError).statusCode).toBe(429);

    await limiter.take({ rule, subject: '198.51.100.1', cost: 10 });
    await expect(limiter.take({ rule, subject: '198.51.100.1' })).rejects.toBeInstanceOf(RateLimitedError);
    // One key over its limit refuses the whole take, even when the other has room.
    await expect(limiter.take({ rule, subject: '198.51.100.2' }, { rule, subject: '198.51.100.1' })).rejects.toBeInstanceOf(RateLimitedError);
  });

  it('allows again once the window has turned, and sweeps windows that have passed', async () => {
    const clock = fixedClock('2026-11-23T10:01:00Z');
    const limiter = createRateLimiter({ db: shop.db, clock });
    await limiter.take({ rule, subject: '203.0.113.7' });
    const keys = await shop.db.select().from(rateLimitWindows);
    expect(keys.every((row) => row.expiresAt.getTime() > Date.parse('2026-11-23T10:01:00Z'))).toBe(true);
  });

  it('hashes subjects, so hostile text never reaches a key', async () => {
    const clock = fixedClock('2026-11-23T11:00:00Z');
    const limiter = createRateLimiter({ db: shop.db, clock });
    await limiter.take({ rule, subject: 'a\u0000b\ud800'.repeat(1000) });
    const rows = await shop.db.select().from(rateLimitWindows);
    expect(rows.every((row) => row.key.length < 64 && !row.key.includes('\u0000'))).toBe(true);
  });

  it('writes nothing when turned off', async () => {
    await shop.db.delete(rateLimitWindows);
    const limiter = createRateLimiter({ db: shop.db, clock: fixedClock('2026-11-23T12:00:00Z'), enabled: false });
    for (let index = 0; index < 20; index += 1) await limiter.take({ rule, subject: '203.0.113.7' });
    expect(await shop.db.select().from(rateLimitWindows)).toHaveLength(0);
  });
});
