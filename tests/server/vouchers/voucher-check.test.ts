/**
 * GET /api/voucher/check/{code}: a gift card's credit and expiry; an unknown and a malformed code
 * answered alike. Guessing is slowed by the one code-guessing rule: tests/server/security/code-guessing.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { normaliseGiftCardCode } from '#domain/gift-card-code.ts';
import { giftCards, rateLimitWindows } from '../../../server/db/schema/index.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';

const NOW = '2030-06-03T07:00:00Z';
let shop: TestShop;

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

  it('answers a spent card with its 0.00 credit left, not as an unknown code', async () => {
    await shop.db.insert(giftCards).values({ code: 'GIFT-SPENT-0001', creditCents: 0, valueCents: 2500, expiresOn: '2031-06-03' });
    const spent = await check('gift-spent-0001');
    expect(spent.statusCode).toBe(200);
    expect(spent.json()).toEqual({ code: 'GIFT-SPENT-0001', credit: 0, expiration: '2031-06-03' });
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
});

describe('gift card codes as typed', () => {
  it('regroups a generated code typed without dashes, in lower case; leaves other codes as they are', () => {
    expect(normaliseGiftCardCode(' abcde fghjk mnpqr stwxy ')).toBe('ABCDE-FGHJK-MNPQR-STWXY');
    expect(normaliseGiftCardCode('abcdefghjkmnpqrstwxy')).toBe('ABCDE-FGHJK-MNPQR-STWXY');
    expect(normaliseGiftCardCode('summer10')).toBe('SUMMER10');
    expect(normaliseGiftCardCode('   ')).toBeNull();
  });
});
