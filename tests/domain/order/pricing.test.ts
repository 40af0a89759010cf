import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  couponDiscountCents,
  couponShares,
  slotPrices,
  ticketGroups,
  ticketsCents,
  upsellCents,
  type CouponRule,
  type PricedProduct,
  type TicketGroup,
} from '#domain/order/pricing.ts';

/** One group per ticket: the per-ticket form of a list of prices. */
const perTicket = (prices: readonly number[]): TicketGroup[] => prices.map((priceCents) => ({ priceCents, count: 1 }));

/**
 * The coupon rule priced ticket by ticket, as written in the spec (the reference the grouped
 * pricing must equal): one after the other, max_ticket_amount on the most expensive tickets first.
 */
function referenceDiscount(ticketPrices: readonly number[], coupons: readonly CouponRule[]): number {
  const remaining = ticketPrices.map((price) => Math.max(0, price));
  for (const coupon of coupons) {
    const value = Math.max(0, coupon.value);
    const max = Number.isSafeInteger(coupon.maxTicketAmount) && (coupon.maxTicketAmount ?? 0) > 0 ? (coupon.maxTicketAmount as number) : 0;
    const count = coupon.maxTicketAmount === null ? remaining.length : Math.min(remaining.length, max);
    const order = remaining
      .map((price, index) => ({ price, index }))
      .sort((a, b) => b.price - a.price || a.index - b.index)
      .slice(0, count);
    for (const { price, index } of order) {
      const discount = coupon.kind === 'PERCENTAGE' ? Math.floor((price * value + 5_000) / 10_000) : value;
      remaining[index] = price - Math.min(price, discount);
    }
  }
  return ticketPrices.reduce((sum, price) => sum + Math.max(0, price), 0) - remaining.reduce((sum, price) => sum + price, 0);
}

const couponArbitrary = fc.record({
  kind: fc.constantFrom('PERCENTAGE' as const, 'FIXED' as const),
  value: fc.integer({ min: -1000, max: 20_000 }),
  maxTicketAmount: fc.option(fc.integer({ min: -2, max: 30 })),
});

const product: PricedProduct = {
  priceType: 'FIXED',
  basePriceCents: 1500,
  plotPriceCents: null,
  audiencePriceCents: { 1: 2000, 2: 1000 },
};

describe('ticketGroups', () => {
  it.each([
    ['base price', product, 3, {}, [{ priceCents: 1500, count: 3 }]],
    ['plot price wins', { ...product, plotPriceCents: 1800 }, 2, {}, [{ priceCents: 1800, count: 2 }]],
    ['no tickets', product, 0, {}, []],
    [
      'per audience',
      product,
      0,
      { 2: 1, 1: 2 },
      [
        { priceCents: 2000, count: 2 },
        { priceCents: 1000, count: 1 },
      ],
    ],
    ['audiences at 0 fall back to the quantity', product, 2, { 1: 0, 2: 0 }, [{ priceCents: 1500, count: 2 }]],
    ['unpriced audience pays the ticket price', { ...product, plotPriceCents: 1800 }, 0, { 3: 1 }, [{ priceCents: 1800, count: 1 }]],
    ['a fractional quantity books nothing', product, 1.5, {}, []],
  ])('%s', (_name, given, quantity, audiences, expected) => {
    expect(ticketGroups(given, quantity, audiences)).toEqual(expected);
  });

  it('is one group for 10,000 tickets, priced without one entry per ticket', () => {
    const groups = ticketGroups(product, 10_000, {});
    expect(groups).toEqual([{ priceCents: 1500, count: 10_000 }]);
    expect(ticketsCents(groups)).toBe(15_000_000);
    expect(couponDiscountCents(groups, [{ kind: 'FIXED', value: 500, maxTicketAmount: 9_999 }])).toBe(4_999_500);
  });
});

describe('upsellCents', () => {
  it.each([
    [[], 0],
    [[{ upsellType: 'STANDARD', unitPriceCents: 450, quantity: 3 }], 1350],
    [[{ upsellType: 'DONATION', unitPriceCents: 2500, quantity: 1 }], 2500],
    [[{ upsellType: 'DONATION', unitPriceCents: 2500, quantity: 0 }], 0],
    [[{ upsellType: 'DONATION', unitPriceCents: 2500, quantity: 4 }], 2500],
    [
      [
        { upsellType: 'STANDARD', unitPriceCents: 450, quantity: 2 },
        { upsellType: 'DONATION', unitPriceCents: 700, quantity: 1 },
      ],
      1600,
    ],
  ] as const)('%#', (lines, expected) => {
    expect(upsellCents(lines)).toBe(expected);
  });
});

describe('couponDiscountCents', () => {
  const pct = (basisPoints: number, maxTicketAmount: number | null = null): CouponRule => ({
    kind: 'PERCENTAGE',
    value: basisPoints,
    maxTicketAmount,
  });
  const fixed = (cents: number, maxTicketAmount: number | null = null): CouponRule => ({
    kind: 'FIXED',
    value: cents,
    maxTicketAmount,
  });

  it.each([
    ['no coupons', [1000, 1000], [], 0],
    ['no tickets', [], [pct(5000)], 0],
    ['10% on all', [1000, 2000], [pct(1000)], 300],
    ['percentage rounds half up per ticket', [5, 5], [pct(1000)], 2],
    ['percentage rounds down below half', [4, 4], [pct(1000)], 0],
    ['12.5% per ticket', [999], [pct(1250)], 125],
    ['fixed per ticket', [1000, 2000], [fixed(300)], 600],
    ['fixed capped at the ticket price', [200, 2000], [fixed(500)], 700],
    ['max_ticket_amount picks the most expensive tickets', [1000, 3000, 2000], [fixed(500, 2)], 1000],
    ['max_ticket_amount with a percentage', [1000, 3000, 2000], [pct(5000, 1)], 1500],
    ['max_ticket_amount 0 discounts nothing', [1000], [pct(5000, 0)], 0],
    ['max_ticket_amount above the ticket count', [1000], [fixed(100, 5)], 100],
    ['coupons apply one after the other on what remains', [1000], [pct(5000), pct(5000)], 750],
    ['fixed then percentage', [1000], [fixed(200), pct(5000)], 600],
    ['percentage then fixed', [1000], [pct(5000), fixed(200)], 700],
    ['never more than the tickets', [1000, 500], [pct(10000), fixed(300)], 1500],
    ['over 100% is capped', [1000], [pct(25000)], 1000],
    ['a negative value is no discount', [1000], [fixed(-500)], 0],
    ['the second capped coupon picks what is left most expensive', [1000, 900], [fixed(300, 1), fixed(100, 1)], 400],
  ])('%s', (_name, prices, coupons, expected) => {
    expect(couponDiscountCents(perTicket(prices), coupons)).toBe(expected);
    expect(referenceDiscount(prices, coupons)).toBe(expected);
  });

  it('is between 0 and the sum of the tickets, whole cents', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100_000 }), { maxLength: 12 }), fc.array(couponArbitrary, { maxLength: 4 }), (prices, coupons) => {
        const discount = couponDiscountCents(perTicket(prices), coupons);
        expect(Number.isSafeInteger(discount)).toBe(true);
        expect(discount).toBeGreaterThanOrEqual(0);
        expect(discount).toBeLessThanOrEqual(prices.reduce((a, b) => a + b, 0));
      }),
    );
  });

  it('does not depend on the order the tickets are listed in', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000 }), { maxLength: 8 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 10_000 }),
        (prices, max, value) => {
          const coupons: CouponRule[] = [{ kind: 'PERCENTAGE', value, maxTicketAmount: max }];
          expect(couponDiscountCents(perTicket([...prices].reverse()), coupons)).toBe(couponDiscountCents(perTicket(prices), coupons));
        },
      ),
    );
  });
});

describe('grouped coupon pricing', () => {
  const groupArbitrary = fc.record({ priceCents: fc.integer({ min: -50, max: 20_000 }), count: fc.integer({ min: 0, max: 25 }) });
  const expand = (groups: readonly TicketGroup[]) => groups.flatMap((group) => Array.from({ length: group.count }, () => group.priceCents));

  it('equals the per-ticket rule on random tickets and coupons, however the groups are cut', () => {
    fc.assert(
      fc.property(fc.array(groupArbitrary, { maxLength: 6 }), fc.array(couponArbitrary, { maxLength: 4 }), (groups, coupons) => {
        const expected = referenceDiscount(expand(groups), coupons);
        expect(couponDiscountCents(groups, coupons)).toBe(expected);
        expect(couponDiscountCents(perTicket(expand(groups)), coupons)).toBe(expected);
      }),
    );
  });

  it('shares each coupon what it adds after the ones before it; the shares add up to the discount', () => {
    fc.assert(
      fc.property(fc.array(groupArbitrary, { maxLength: 6 }), fc.array(couponArbitrary, { maxLength: 4 }), (groups, coupons) => {
        const shares = couponShares(groups, coupons);
        expect(shares).toHaveLength(coupons.length);
        shares.forEach((share, index) => {
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBe(referenceDiscount(expand(groups), coupons.slice(0, index + 1)) - referenceDiscount(expand(groups), coupons.slice(0, index)));
        });
        expect(shares.reduce((sum, share) => sum + share, 0)).toBe(couponDiscountCents(groups, coupons));
      }),
    );
  });
});

describe('slotPrices', () => {
  const product = {
    priceType: 'AUDIENCE' as const,
    priceCents: 1000,
    audiences: [
      { audienceId: 1, priceCents: 1850, hidden: false },
      { audienceId: 2, priceCents: 950, hidden: false },
      { audienceId: 3, priceCents: 0, hidden: true },
    ],
  };
  it('shows what ticketGroups charges: slot overrides first, then the product-audience prices', () => {
    const slot = { priceCents: null, audiencePrices: new Map([[1, 2000]]) };
    const prices = slotPrices(slot, product, {
      audiences: [
        { id: 1, quantity: 2 },
        { id: 2, quantity: 1 },
      ],
    });
    expect(prices.audiencePrices).toEqual([
      { audience: 1, price: 2000 },
      { audience: 2, price: 950 },
    ]);
    const charged = ticketGroups({ priceType: 'AUDIENCE', basePriceCents: 1000, plotPriceCents: null, audiencePriceCents: { 1: 2000, 2: 950, 3: 0 } }, 3, {
      1: 2,
      2: 1,
    });
    expect(prices.lowestTotalPrice).toBe(ticketsCents(charged));
    expect(prices.lowestTotalPrice).toBe(4950);
  });
  it('prices a plain quantity at the slot price, and without an order the cheapest offered ticket', () => {
    expect(slotPrices({ priceCents: 3500, audiencePrices: new Map() }, { ...product, audiences: [] }, { quantity: 3 })).toEqual({
      price: 3500,
      audiencePrices: [],
      lowestTotalPrice: 10500,
    });
    expect(slotPrices({ priceCents: null, audiencePrices: new Map() }, product, null).lowestTotalPrice).toBe(950);
  });
  it('prices a count, not one entry per ticket: a million tickets cost a multiplication', () => {
    const slot = { priceCents: 3500, audiencePrices: new Map<number, number>() };
    expect(slotPrices(slot, { ...product, audiences: [] }, { quantity: 1_000_000 }).lowestTotalPrice).toBe(3_500_000_000);
    expect(slotPrices(slot, product, { audiences: [{ id: 2, quantity: 1_000_000 }] }).lowestTotalPrice).toBe(950_000_000);
  });
});
