import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyVoucherCredit,
  couponDiscountCents,
  orderTotals,
  slotPrices,
  ticketUnitPrices,
  upsellCents,
  type CouponRule,
  type PricedProduct,
} from '../../../src/domain/order/pricing.ts';

const product: PricedProduct = {
  priceType: 'FIXED',
  basePriceCents: 1500,
  plotPriceCents: null,
  audiencePriceCents: { 1: 2000, 2: 1000 },
};

describe('ticketUnitPrices', () => {
  it.each([
    ['base price', product, 3, {}, [1500, 1500, 1500]],
    ['plot price wins', { ...product, plotPriceCents: 1800 }, 2, {}, [1800, 1800]],
    ['no tickets', product, 0, {}, []],
    ['per audience', product, 0, { 1: 2, 2: 1 }, [2000, 2000, 1000]],
    ['audiences at 0 fall back to the quantity', product, 2, { 1: 0, 2: 0 }, [1500, 1500]],
    ['unpriced audience pays the ticket price', { ...product, plotPriceCents: 1800 }, 0, { 3: 1 }, [1800]],
    ['a fractional quantity books nothing', product, 1.5, {}, []],
  ])('%s', (_name, given, quantity, audiences, expected) => {
    expect(ticketUnitPrices(given, quantity, audiences)).toEqual(expected);
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
    expect(couponDiscountCents(prices, coupons)).toBe(expected);
  });

  it('is between 0 and the sum of the tickets, whole cents', () => {
    const coupon = fc.record({
      kind: fc.constantFrom('PERCENTAGE' as const, 'FIXED' as const),
      value: fc.integer({ min: -1000, max: 20_000 }),
      maxTicketAmount: fc.option(fc.integer({ min: -2, max: 12 })),
    });
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100_000 }), { maxLength: 12 }), fc.array(coupon, { maxLength: 4 }), (prices, coupons) => {
        const discount = couponDiscountCents(prices, coupons);
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
          expect(couponDiscountCents([...prices].reverse(), coupons)).toBe(couponDiscountCents(prices, coupons));
        },
      ),
    );
  });
});

describe('orderTotals', () => {
  const additions = [
    { amountCents: 150, type: 0 as const },
    { amountCents: 50, type: 0 as const },
    { amountCents: 500, type: 1 as const },
  ];
  it.each([
    [
      'new booking',
      { productCents: 4000, upsellCents: 1000, discountCents: 500, additions, rebooking: false },
      { product: 4000, upsell: 1000, subtotal: 5000, discount: 500, additions: 200, total: 4700 },
    ],
    [
      'rebooking pays type 1',
      { productCents: 4000, upsellCents: 0, discountCents: 0, additions, rebooking: true },
      { product: 4000, upsell: 0, subtotal: 4000, discount: 0, additions: 500, total: 4500 },
    ],
    [
      'discount capped at the subtotal',
      { productCents: 1000, upsellCents: 200, discountCents: 5000, additions: [], rebooking: false },
      { product: 1000, upsell: 200, subtotal: 1200, discount: 1200, additions: 0, total: 0 },
    ],
    [
      'negative discount is none',
      { productCents: 1000, upsellCents: 0, discountCents: -5, additions: [], rebooking: false },
      { product: 1000, upsell: 0, subtotal: 1000, discount: 0, additions: 0, total: 1000 },
    ],
  ])('%s', (_name, input, expected) => {
    expect(orderTotals(input)).toEqual(expected);
  });

  it('total = subtotal - discount + additions, discount within [0, subtotal]', () => {
    const addition = fc.record({ amountCents: fc.integer({ min: 0, max: 10_000 }), type: fc.constantFrom(0 as const, 1 as const) });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: -1000, max: 3_000_000 }),
        fc.array(addition, { maxLength: 5 }),
        fc.boolean(),
        (productCents, upsell, discountCents, adds, rebooking) => {
          const totals = orderTotals({ productCents, upsellCents: upsell, discountCents, additions: adds, rebooking });
          expect(totals.subtotal).toBe(productCents + upsell);
          expect(totals.total).toBe(totals.subtotal - totals.discount + totals.additions);
          expect(totals.discount).toBeGreaterThanOrEqual(0);
          expect(totals.discount).toBeLessThanOrEqual(totals.subtotal);
          expect(totals.total).toBeGreaterThanOrEqual(totals.additions);
        },
      ),
    );
  });
});

describe('applyVoucherCredit', () => {
  it.each([
    [5000, 2000, { usedCents: 2000, totalCents: 3000 }],
    [5000, 8000, { usedCents: 5000, totalCents: 0 }],
    [5000, 0, { usedCents: 0, totalCents: 5000 }],
    [0, 2000, { usedCents: 0, totalCents: 0 }],
    [5000, -100, { usedCents: 0, totalCents: 5000 }],
  ])('total %d, credit %d', (total, credit, expected) => {
    expect(applyVoucherCredit(total, credit)).toEqual(expected);
  });

  it('never goes below 0 and uses no more than the credit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 1_000_000 }), (total, credit) => {
        const result = applyVoucherCredit(total, credit);
        expect(result.totalCents).toBeGreaterThanOrEqual(0);
        expect(result.usedCents).toBeLessThanOrEqual(credit);
        expect(result.usedCents + result.totalCents).toBe(total);
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
  it('shows what ticketUnitPrices charges: slot overrides first, then the product-audience prices', () => {
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
    const charged = ticketUnitPrices({ priceType: 'AUDIENCE', basePriceCents: 1000, plotPriceCents: null, audiencePriceCents: { 1: 2000, 2: 950, 3: 0 } }, 3, {
      1: 2,
      2: 1,
    });
    expect(prices.lowestTotalPrice).toBe(charged.reduce((sum, cents) => sum + cents, 0));
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
});
