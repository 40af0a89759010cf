/**
 * GET /api/voucher/check/{code}: a gift card's credit and expiry; an unknown and a malformed code
 * answered alike; guessing slowed per address and overall (shared limits counted in the database),
 * and the anonymous price simulation taking from the SAME limits, so it is no faster oracle.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { normaliseGiftCardCode } from '../../../src/domain/gift-card-code.ts';
import { GIFT_CARD_LOOKUP_LIMITS } from '../../../server/modules/coupons/gift-card-lookup-guard.ts';
import { plots, products, rateLimitWindows } from '../../../server/db/schema/index.ts';
import { rateKey } from '../../../server/security/rate-limiter.ts';
import { customerWith } from '../helpers/customers.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';

const NOW = '2030-06-03T07:00:00Z';
let shop: TestShop;
const PER_ADDRESS = GIFT_CARD_LOOKUP_LIMITS.perAddress.limit;

const check = (code: string, remoteAddress = '203.0.113.1') =>
  shop.app.inject({ method: 'GET', url: `/api/voucher/check/${encodeURIComponent(code)}`, remoteAddress });

beforeAll(async () => {
  shop = await createTestShop({ now: NOW });
});
afterAll(() => shop.close());
beforeEach(async () => {
  await shop.db.delete(rateLimitWindows);
});

describe('GET /api/voucher/check/{code}', () => {
  it('answers the code, its credit and its expiry, or null for a non-expiring card, however it is typed', async () => {
    const dated = await check('gift-demo-2500 ');
    expect(dated.statusCode).toBe(200);
    expect(dated.headers['cache-control']).toBe('no-store');
    expect(dated.json()).toEqual({ code: 'GIFT-DEMO-2500', credit: 25, expiration: '2031-06-03' });
    expect((await check('GIFT-DEMO-FOREVER')).json()).toEqual({ code: 'GIFT-DEMO-FOREVER', credit: 40, expiration: null });
  });

  it('answers an unknown code exactly as a malformed one', async () => {
    const answers = await Promise.all(['ABCDE-FGHJK-MNPQR-STWXY', '%00%%', 'x'.repeat(1500), ' '].map((code, index) => check(code, `198.51.100.${index}`)));
    const [first] = answers;
    expect(first?.statusCode).toBe(404);
    expect(first?.json()).toEqual({ ok: false, error: 'VOUCHER_NOT_FOUND', message: 'Voucher not found' });
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.body).toBe(first?.body);
    }
  });

  it('slows guessing from one address: refused with 429 RATE_LIMITED and Retry-After, other addresses still answered', async () => {
    for (let attempt = 0; attempt < PER_ADDRESS; attempt += 1) expect((await check(`GUESS-${attempt}`)).statusCode).toBe(404);
    const refused = await check('GIFT-DEMO-2500');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ ok: false, error: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await check('GIFT-DEMO-2500', '203.0.113.2')).statusCode).toBe(200);
  });

  it('slows guessing by everyone together: a full overall window refuses a fresh address', async () => {
    const rule = GIFT_CARD_LOOKUP_LIMITS.overall;
    const windowMs = rule.windowSeconds * 1000;
    const start = Math.floor(shop.clock.now().getTime() / windowMs) * windowMs;
    await shop.db
      .insert(rateLimitWindows)
      .values({ key: rateKey(rule, '*'), windowStart: new Date(start), used: rule.limit, expiresAt: new Date(start + windowMs) });
    expect((await check('GIFT-DEMO-2500', '192.0.2.77')).statusCode).toBe(429);
  });

  it('the price simulation takes from the same limits: no second, faster oracle', async () => {
    const [zoo] = await shop.db.select({ id: products.id }).from(products).where(eq(products.slug, 'zoo-day-ticket'));
    const [plot] = await shop.db
      .select({ id: plots.id })
      .from(plots)
      .where(eq(plots.productId, zoo?.id as number));
    const simulate = (code: string) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/orders',
        remoteAddress: '203.0.113.9',
        payload: {
          customer: customerWith('x@example.test'),
          simulate: true,
          coupon: [code],
          orders: [{ product: { id: zoo?.id, plot: plot?.id, quantity: 1 } }],
        },
      });
    for (let attempt = 0; attempt < PER_ADDRESS - 1; attempt += 1)
      expect((await simulate(`GUESS-${attempt}`)).json()).toMatchObject({ error: 'COUPON_INVALID' });
    expect((await check('GUESS-X', '203.0.113.9')).statusCode).toBe(404);
    const refused = await simulate('GIFT-DEMO-2500');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'RATE_LIMITED' });
    expect((await check('GIFT-DEMO-2500', '203.0.113.9')).statusCode).toBe(429);
  });
});

describe('gift card codes as typed', () => {
  it('regroups a generated code typed without dashes, in lower case; leaves other codes as they are', () => {
    expect(normaliseGiftCardCode(' abcde fghjk mnpqr stwxy ')).toBe('ABCDE-FGHJK-MNPQR-STWXY');
    expect(normaliseGiftCardCode('abcdefghjkmnpqrstwxy')).toBe('ABCDE-FGHJK-MNPQR-STWXY');
    expect(normaliseGiftCardCode('summer10')).toBe('SUMMER10');
    expect(normaliseGiftCardCode('   ')).toBeNull();
  });
});
