/** The total rules of spec section 9 (src/domain/order/totals.ts), one policy at a time, and gift-card credit. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { additionsCents, orderTotals, shownTotal, spendGiftCards, type TotalsInput, type TotalsPolicy } from '#domain/order/totals.ts';

const fees = [
  { amountCents: 150, type: 0 as const },
  { amountCents: 50, type: 0 as const },
  { amountCents: 500, type: 1 as const },
];
const input = (over: Partial<TotalsInput> = {}): TotalsInput => ({
  productCents: 4000,
  upsellCents: 1000,
  couponCents: 500,
  additions: fees,
  rebooking: false,
  carriesAdditions: true,
  ...over,
});
const POLICIES: TotalsPolicy[] = ['PRODUCT_CART', 'RESERVATION', 'SUBSCRIPTION', 'VOUCHER'];

describe('orderTotals', () => {
  it('product cart: product + upsells - discount + additions (type 0 new booking, type 1 rebooking)', () => {
    expect(orderTotals('PRODUCT_CART', input()).totals).toEqual({ product: 4000, upsell: 1000, subtotal: 5000, discount: 500, additions: 200, total: 4700 });
    expect(orderTotals('PRODUCT_CART', input({ rebooking: true })).totals).toMatchObject({ additions: 500, total: 5000 });
  });

  it('product cart: the additions are paid even when the coupons take everything', () => {
    expect(orderTotals('PRODUCT_CART', input({ couponCents: 9000 })).totals).toEqual({
      product: 4000,
      upsell: 1000,
      subtotal: 5000,
      discount: 5000,
      additions: 200,
      total: 200,
    });
  });

  it('reservation: the rebooking additions (type 1) are skipped', () => {
    expect(orderTotals('RESERVATION', input({ rebooking: true })).totals).toMatchObject({ additions: 200, total: 4700 });
  });

  it.each(['SUBSCRIPTION', 'VOUCHER'] as const)('%s: additions only while the total is above 0', (policy) => {
    expect(orderTotals(policy, input()).totals).toMatchObject({ additions: 200, total: 4700 });
    expect(orderTotals(policy, input({ couponCents: 5000 })).totals).toMatchObject({ discount: 5000, additions: 0, total: 0 });
    expect(orderTotals(policy, input({ productCents: 0, upsellCents: 0, couponCents: 0 })).totals).toMatchObject({ additions: 0, total: 0 });
    expect(orderTotals(policy, input({ rebooking: true })).totals).toMatchObject({ additions: 500 });
  });

  it('an order not carrying its submission’s booking fee has additions 0', () => {
    for (const policy of POLICIES) expect(orderTotals(policy, input({ carriesAdditions: false })).totals).toMatchObject({ additions: 0, total: 4500 });
  });

  it('the coupon discount is kept between 0 and the subtotal', () => {
    expect(orderTotals('PRODUCT_CART', input({ couponCents: -5 })).totals.discount).toBe(0);
    expect(orderTotals('RESERVATION', input({ couponCents: 1e6 })).totals.discount).toBe(5000);
  });

  it('gift-card credit pays last, additions included, for products and reservations', () => {
    expect(orderTotals('PRODUCT_CART', input(), 2000)).toEqual({
      totals: { product: 4000, upsell: 1000, subtotal: 5000, discount: 2500, additions: 200, total: 2700 },
      creditCents: 2000,
    });
    expect(orderTotals('RESERVATION', input(), 100_000)).toMatchObject({ totals: { discount: 5200, additions: 200, total: 0 }, creditCents: 4700 });
  });

  it.each(['SUBSCRIPTION', 'VOUCHER'] as const)('%s: a pass the card pays in full costs nothing, booking fee included', (policy) => {
    expect(orderTotals(policy, input(), 4500)).toMatchObject({ totals: { discount: 5000, additions: 0, total: 0 }, creditCents: 4500 });
    expect(orderTotals(policy, input(), 100_000)).toMatchObject({ totals: { additions: 0, total: 0 }, creditCents: 4500 });
    // Credit short of the total by a cent: the additions come back.
    expect(orderTotals(policy, input(), 4499)).toMatchObject({ totals: { discount: 4999, additions: 200, total: 201 }, creditCents: 4499 });
  });

  it('never negative, discount within [0, subtotal], credit used within [0, credit], total = subtotal - discount + additions', () => {
    const addition = fc.record({ amountCents: fc.integer({ min: 0, max: 10_000 }), type: fc.constantFrom(0 as const, 1 as const) });
    fc.assert(
      fc.property(
        fc.constantFrom(...POLICIES),
        fc.record({
          productCents: fc.integer({ min: 0, max: 1_000_000 }),
          upsellCents: fc.integer({ min: 0, max: 1_000_000 }),
          couponCents: fc.integer({ min: -1000, max: 3_000_000 }),
          additions: fc.array(addition, { maxLength: 4 }),
          rebooking: fc.boolean(),
          carriesAdditions: fc.boolean(),
        }),
        fc.integer({ min: -100, max: 3_000_000 }),
        (policy, given, credit) => {
          const { totals, creditCents } = orderTotals(policy, given, credit);
          expect(totals.subtotal).toBe(given.productCents + given.upsellCents);
          expect(totals.total).toBe(totals.subtotal - totals.discount + totals.additions);
          expect(totals.total).toBeGreaterThanOrEqual(0);
          expect(totals.discount).toBeGreaterThanOrEqual(0);
          expect(totals.discount).toBeLessThanOrEqual(totals.subtotal + totals.additions);
          expect(totals.discount - creditCents).toBeLessThanOrEqual(totals.subtotal);
          expect(creditCents).toBeGreaterThanOrEqual(0);
          expect(creditCents).toBeLessThanOrEqual(Math.max(0, credit));
          const left = totals.subtotal - Math.min(Math.max(0, given.couponCents), totals.subtotal) - Math.max(0, credit);
          const onlyAboveZero = policy === 'SUBSCRIPTION' || policy === 'VOUCHER';
          const fee = given.carriesAdditions ? additionsCents(policy, given.additions, given.rebooking) : 0;
          expect(totals.additions).toBe(onlyAboveZero && left <= 0 ? 0 : fee);
        },
      ),
    );
  });
});

describe('spendGiftCards', () => {
  it('pays the orders in order, the first card first, and tells what each card paid', () => {
    const cards = [
      { id: 1, creditCents: 3000 },
      { id: 2, creditCents: 2000 },
      { id: 3, creditCents: 900 },
    ];
    const spent = spendGiftCards('PRODUCT_CART', [input(), input({ carriesAdditions: false, couponCents: 0, upsellCents: 0 })], cards);
    expect(spent.orders.map((order) => [order.creditCents, order.totals.total])).toEqual([
      [4700, 0],
      [1200, 2800],
    ]);
    expect(spent.cards).toEqual([
      { card: cards[0], cents: 3000 },
      { card: cards[1], cents: 2000 },
      { card: cards[2], cents: 900 },
    ]);
  });

  it('leaves out a card that paid nothing', () => {
    const spent = spendGiftCards(
      'PRODUCT_CART',
      [input({ productCents: 100, upsellCents: 0, couponCents: 0, additions: [] })],
      [{ creditCents: 500 }, { creditCents: 500 }],
    );
    expect(spent.cards).toEqual([{ card: { creditCents: 500 }, cents: 100 }]);
  });

  it('the cards pay what the orders use, no more than they hold', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...POLICIES),
        fc.array(fc.record({ productCents: fc.integer({ min: 0, max: 50_000 }), couponCents: fc.integer({ min: 0, max: 60_000 }) }), { maxLength: 5 }),
        fc.array(fc.integer({ min: 0, max: 80_000 }), { maxLength: 4 }),
        (policy, orders, credits) => {
          const inputs = orders.map((order, index) => input({ ...order, upsellCents: 0, carriesAdditions: index === 0 }));
          const spent = spendGiftCards(
            policy,
            inputs,
            credits.map((creditCents) => ({ creditCents })),
          );
          const used = spent.orders.reduce((sum, order) => sum + order.creditCents, 0);
          expect(spent.cards.reduce((sum, use) => sum + use.cents, 0)).toBe(used);
          for (const use of spent.cards) expect(use.cents).toBeLessThanOrEqual(use.card.creditCents);
          expect(used).toBeLessThanOrEqual(credits.reduce((sum, credit) => sum + credit, 0));
        },
      ),
    );
  });
});

describe('shownTotal', () => {
  it('shows a subscription or voucher on invoice as 0, anything else as priced', () => {
    expect(shownTotal('SUBSCRIPTION', 4700, true)).toBe(0);
    expect(shownTotal('VOUCHER', 4700, true)).toBe(0);
    expect(shownTotal('VOUCHER', 4700, false)).toBe(4700);
    expect(shownTotal('PRODUCT_CART', 4700, true)).toBe(4700);
    expect(shownTotal('RESERVATION', 4700, true)).toBe(4700);
  });
});
