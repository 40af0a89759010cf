/**
 * Which codes apply (server/modules/coupons/discount-codes.ts) on their own, no HTTP and no
 * database: a coupon's products and subscriptions, its validity window and uses, a gift card's
 * expiry day and credit, and how typed codes are read.
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../server/errors.ts';
import { checkCoupon, checkGiftCard, couponApplies, normaliseCode, uniqueCodes } from '../../../server/modules/coupons/discount-codes.ts';
import { coupon, giftCard } from './discount-code.fixture.ts';

const NOW = new Date('2026-03-04T08:15:00Z');
const forProducts = (...products: number[]) => ({ kind: 'PRODUCT' as const, products });

function codeOf(run: () => void): string | null {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

describe('couponApplies', () => {
  it('applies a coupon naming no products or subscriptions to every one', () => {
    expect(couponApplies(coupon('ALL'), forProducts(1))).toBe(true);
    expect(couponApplies(coupon('ALL'), { kind: 'SUBSCRIPTION', subscription: 9 })).toBe(true);
  });

  it('applies a coupon naming products to a cart holding one of them, and to no subscription it does not name', () => {
    const some = coupon('SOME', { products: [2, 3] });
    expect(couponApplies(some, forProducts(1, 3))).toBe(true);
    expect(couponApplies(some, forProducts(1))).toBe(false);
    expect(couponApplies(some, { kind: 'SUBSCRIPTION', subscription: 2 })).toBe(true);
    const pass = coupon('PASS', { subscriptions: [9] });
    expect(couponApplies(pass, { kind: 'SUBSCRIPTION', subscription: 9 })).toBe(true);
    expect(couponApplies(pass, { kind: 'SUBSCRIPTION', subscription: 8 })).toBe(false);
  });
});

describe('checkCoupon', () => {
  const context = { clientId: 5, now: NOW, target: forProducts(1) };

  it('accepts a coupon in its window, with uses left, for these products', () => {
    const limited = coupon('OK', { validFrom: new Date('2026-03-01T00:00:00Z'), validUntil: new Date('2026-03-05T00:00:00Z'), usageLimit: 3, usedCount: 2 });
    expect(codeOf(() => checkCoupon(limited, context))).toBeNull();
  });

  it('accepts a coupon kept for a group from a member of it', () => {
    expect(codeOf(() => checkCoupon(coupon('MEMBERS', { customerGroupId: 4 }), { ...context, groups: [3, 4] }))).toBeNull();
  });

  it.each([
    ['for an anonymous visitor, as if unknown', coupon('ANY'), { clientId: null }, 'COUPON_INVALID'],
    ['before its window', coupon('EARLY', { validFrom: new Date(NOW.getTime() + 1) }), {}, 'COUPON_EXPIRED'],
    ['at the end of its window', coupon('LATE', { validUntil: NOW }), {}, 'COUPON_EXPIRED'],
    ['used up, as if unknown', coupon('USED', { usageLimit: 2, usedCount: 2 }), {}, 'COUPON_INVALID'],
    ['for other products', coupon('OTHER', { products: [2] }), {}, 'COUPON_NOT_APPLICABLE'],
    ['kept for a group the client is not in', coupon('MEMBERS', { customerGroupId: 4 }), { groups: [3] }, 'COUPON_GROUP_ONLY'],
    ["kept for a group, when the client's groups are not known", coupon('MEMBERS', { customerGroupId: 4 }), {}, 'COUPON_GROUP_ONLY'],
    ['kept for a group, for an anonymous visitor, as if unknown', coupon('MEMBERS', { customerGroupId: 4 }), { clientId: null, groups: [4] }, 'COUPON_INVALID'],
  ])('refuses a coupon %s', (_name, row, override, code) => {
    expect(codeOf(() => checkCoupon(row, { ...context, ...override }))).toBe(code);
  });
});

describe('checkGiftCard', () => {
  it('accepts a card with credit through its expiry day, and one that never expires', () => {
    expect(codeOf(() => checkGiftCard(giftCard('GIFT-A', 100, { expiresOn: '2026-03-04' }), '2026-03-04'))).toBeNull();
    expect(codeOf(() => checkGiftCard(giftCard('GIFT-B', 100), '2099-01-01'))).toBeNull();
  });

  it('refuses a card the day after it expired, and an empty one as if unknown', () => {
    expect(codeOf(() => checkGiftCard(giftCard('GIFT-OLD', 100, { expiresOn: '2026-03-03' }), '2026-03-04'))).toBe('GIFT_CARD_EXPIRED');
    expect(codeOf(() => checkGiftCard(giftCard('GIFT-EMPTY', 0), '2026-03-04'))).toBe('COUPON_INVALID');
  });
});

describe('typed codes', () => {
  it('reads codes upper-cased and trimmed, each once, in the order typed', () => {
    expect(normaliseCode('  summer10 ')).toBe('SUMMER10');
    expect(uniqueCodes(['summer10', 'FIVEOFF', 'Summer10', ' ', ''])).toEqual(['SUMMER10', 'FIVEOFF']);
  });
});
