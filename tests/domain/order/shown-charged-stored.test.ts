/**
 * Shown = charged = stored, on random carts: the server's pricing (checkout-pricing.ts, pure) of
 * product carts, reservations and their repricing, subscriptions and vouchers, followed into the
 * simulation answer (the API contract), the storefront's figures (cartTotals, shownTotal), the
 * payment amount and the per-order amounts the checkout stores. The booking fee is counted once
 * per submission; nothing is negative; the coupon discount never exceeds the subtotal.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderResultSchema, type OrderResult } from '#domain/contracts/orders.ts';
import { sumCents, toAmount, toCents } from '#domain/money.ts';
import { ticketGroups, ticketsCents, upsellCents, type UpsellLine } from '#domain/order/pricing.ts';
import { additionsCents, shownTotal, type Addition } from '#domain/order/totals.ts';
import { cartTotals } from '../../../src/features/product-order/cart-totals.ts';
import type { CheckoutProduct } from '../../../server/modules/catalogue/checkout-catalogue.ts';
import { priceCart, priceReservation, priceSubscription, priceVoucher, toPrices } from '../../../server/modules/checkout/checkout-pricing.ts';
import type { CheckedLine } from '../../../server/modules/checkout/line-check.ts';
import type { CouponRow, GiftCardRow } from '../../../server/modules/coupons/coupon.repo.ts';

const PRODUCT_IDS = [1, 2, 3];

function product(id: number, priceCents: number): CheckoutProduct {
  return {
    id,
    priceType: 'FIXED',
    priceCents,
    hasDays: false,
    hasAudiences: false,
    minQuantity: 1,
    maxQuantity: 10_000,
    allowReservations: true,
    audiences: [],
    upsells: [],
  };
}

const upsellArbitrary = fc.oneof(
  fc.record({ upsellType: fc.constant('STANDARD' as const), unitPriceCents: fc.integer({ min: 0, max: 5_000 }), quantity: fc.integer({ min: 0, max: 20 }) }),
  fc.record({ upsellType: fc.constant('DONATION' as const), unitPriceCents: fc.integer({ min: 1, max: 10_000 }), quantity: fc.constant(1) }),
);

/** A checked cart line as the line check builds it: a plain quantity, or tickets per audience, and upsells. */
const lineArbitrary = fc
  .record({
    productId: fc.constantFrom(...PRODUCT_IDS),
    basePriceCents: fc.integer({ min: 0, max: 20_000 }),
    plotPriceCents: fc.option(fc.integer({ min: 0, max: 20_000 })),
    quantity: fc.integer({ min: 1, max: 500 }),
    audiences: fc.dictionary(fc.constantFrom('1', '2', '3'), fc.integer({ min: 0, max: 300 })),
    audiencePrices: fc.record({ 1: fc.integer({ min: 0, max: 20_000 }), 2: fc.integer({ min: 0, max: 20_000 }) }),
    upsells: fc.array(upsellArbitrary, { maxLength: 3 }),
  })
  .map((drawn): CheckedLine => {
    const audiences = Object.fromEntries(Object.entries(drawn.audiences).map(([id, count]) => [Number(id), count]));
    const pricing = {
      priceType: 'FIXED' as const,
      basePriceCents: drawn.basePriceCents,
      plotPriceCents: drawn.plotPriceCents,
      audiencePriceCents: drawn.audiencePrices,
    };
    const tickets = ticketGroups(pricing, drawn.quantity, audiences);
    const upsells: UpsellLine[] = drawn.upsells;
    return {
      product: product(drawn.productId, drawn.basePriceCents),
      plot: null,
      quantity: tickets.reduce((sum, group) => sum + group.count, 0),
      tickets,
      productCents: ticketsCents(tickets),
      upsellCents: upsellCents(upsells),
      rows: [],
    };
  });

let nextId = 1;
const couponArbitrary = fc
  .record({
    discountType: fc.constantFrom('PERCENTAGE' as const, 'FIXED' as const),
    value: fc.integer({ min: 0, max: 12_000 }),
    maxTicketAmount: fc.option(fc.integer({ min: 0, max: 40 })),
    products: fc.subarray(PRODUCT_IDS),
    subscriptions: fc.constantFrom([] as number[], [7], [8]),
  })
  .map((drawn): CouponRow => {
    const id = nextId++;
    return {
      id,
      code: `C${id}`,
      validFrom: null,
      validUntil: null,
      usageLimit: null,
      usedCount: 0,
      customerGroupId: null,
      version: 1,
      createdAt: new Date(0),
      ...drawn,
    };
  });

const giftCardArbitrary = fc.integer({ min: 0, max: 200_000 }).map((creditCents): GiftCardRow => {
  const id = nextId++;
  return {
    id,
    code: `G${id}`,
    voucherId: null,
    creditCents,
    expiresOn: null,
    orderId: null,
    valueCents: creditCents,
    orderLineId: null,
    serial: null,
    pageHash: null,
    voidedAt: null,
    createdAt: new Date(0),
  };
});

const additionsArbitrary = fc.array(fc.record({ amountCents: fc.integer({ min: 0, max: 1_000 }), type: fc.constantFrom(0 as const, 1 as const) }), {
  maxLength: 3,
});

/** The simulation's answer for one order, through the API contract (what the storefront receives). */
function answered(prices: ReturnType<typeof toPrices>): OrderResult {
  return orderResultSchema.parse({ order: null, payment: null, prices, invoice: false });
}

function expectSound(totals: { subtotal: number; discount: number; additions: number; total: number }, creditCents: number) {
  expect(totals.total).toBeGreaterThanOrEqual(0);
  expect(totals.discount).toBeGreaterThanOrEqual(0);
  expect(totals.discount - creditCents).toBeLessThanOrEqual(totals.subtotal);
  expect(totals.total).toBe(totals.subtotal - totals.discount + totals.additions);
}

describe('a product cart', () => {
  it('shows, charges and stores one figure, with the booking fee once per submission', () => {
    fc.assert(
      fc.property(
        fc.array(lineArbitrary, { minLength: 1, maxLength: 4 }),
        fc.array(couponArbitrary, { maxLength: 3 }),
        fc.array(giftCardArbitrary, { maxLength: 2 }),
        additionsArbitrary,
        fc.boolean(),
        (lines, coupons, giftCards, additions, rebooking) => {
          const cart = priceCart(lines, { coupons, giftCards }, additions, rebooking);
          // Shown: the storefront sums the simulated orders (cart-summary.tsx → cartTotals → PriceLines).
          const shown = cartTotals(cart.lines.map((line) => answered(toPrices(line.totals))));
          // Stored: one orders row per line with its totals; charged: the payment asks cart.totalCents.
          const stored = cart.lines.map((line) => line.totals);
          expect(toCents(shown.total)).toBe(cart.totalCents);
          expect(sumCents(stored.map((totals) => totals.total))).toBe(cart.totalCents);
          expect(toCents(shown.additions)).toBe(sumCents(stored.map((totals) => totals.additions)));
          // The booking fee once: on the first order, none on the others.
          expect(sumCents(stored.map((totals) => totals.additions))).toBe(additionsCents('PRODUCT_CART', additions, rebooking));
          for (const totals of stored.slice(1)) expect(totals.additions).toBe(0);
          for (const line of cart.lines) expectSound(line.totals, line.creditCents);
          // Gift cards pay what the lines used, no card more than it holds.
          expect(sumCents(cart.giftCardUse.map((use) => use.cents))).toBe(sumCents(cart.lines.map((line) => line.creditCents)));
          for (const use of cart.giftCardUse) expect(use.cents).toBeLessThanOrEqual(use.card.creditCents);
          expect(toCents(shown.subtotal)).toBe(sumCents(stored.map((totals) => totals.subtotal)));
        },
      ),
    );
  });

  it('reserved, then priced again unchanged (a reservation change or coupon removal), keeps every figure and its credit', () => {
    fc.assert(
      fc.property(
        fc.array(lineArbitrary, { minLength: 1, maxLength: 3 }),
        fc.array(couponArbitrary, { maxLength: 3 }),
        fc.array(giftCardArbitrary, { maxLength: 2 }),
        additionsArbitrary,
        (lines, coupons, giftCards, additions) => {
          const cart = priceCart(lines, { coupons, giftCards }, additions);
          cart.lines.forEach((line) => {
            const held = line.coupons;
            const again = priceReservation(line.checked, held, additions, line.totals.additions > 0, line.creditCents);
            expect(again.totals).toEqual(line.totals);
            expect(again.creditBackCents).toBe(0);
            expect(again.couponShares).toEqual(line.couponShares);
          });
        },
      ),
    );
  });

  it('a reservation repriced with fewer tickets gives back the credit it no longer uses, never below 0', () => {
    fc.assert(
      fc.property(lineArbitrary, fc.integer({ min: 0, max: 500_000 }), additionsArbitrary, fc.boolean(), (line, credit, additions, carries) => {
        const repriced = priceReservation(line, [], additions, carries, credit);
        const used = credit - repriced.creditBackCents;
        expectSound(repriced.totals, used);
        expect(used).toBeGreaterThanOrEqual(0);
        expect(repriced.totals.additions).toBe(carries ? additionsCents('RESERVATION', additions, false) : 0);
      }),
    );
  });
});

describe('a subscription order', () => {
  it('shows, charges and stores one figure; additions only while something is left; 0 shown on invoice', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ priceCents: fc.integer({ min: 0, max: 30_000 }), count: fc.integer({ min: 1, max: 10 }) }), { minLength: 1, maxLength: 3 }),
        fc.array(upsellArbitrary, { maxLength: 3 }),
        fc.array(couponArbitrary, { maxLength: 1 }),
        fc.array(giftCardArbitrary, { maxLength: 1 }),
        additionsArbitrary,
        fc.boolean(),
        (passes, upsells, coupons, giftCards, additions, invoice) => {
          const priced = priceSubscription(passes, upsells, { coupons, giftCards }, additions);
          const { totals } = priced;
          // The answer as the service builds it, and what the summary shows of it.
          const answer = { amount: toAmount(totals.total), prices: toPrices(totals), invoice };
          expect(shownTotal('SUBSCRIPTION', answer.amount, answer.invoice)).toBe(invoice ? 0 : toAmount(totals.total));
          expect(toCents(answer.prices.total)).toBe(totals.total);
          const credit = sumCents(priced.giftCardUse.map((use) => use.cents));
          expectSound(totals, credit);
          const coupon = sumCents(priced.couponShares.map((share) => share.cents));
          expect(coupon).toBeLessThanOrEqual(ticketsCents(passes));
          const left = totals.subtotal - coupon - sumCents(giftCards.map((card) => card.creditCents));
          expect(totals.additions).toBe(left > 0 ? additionsCents('SUBSCRIPTION', additions, false) : 0);
          if (left <= 0) expect(totals.total).toBe(0);
        },
      ),
    );
  });
});

describe('a voucher order', () => {
  it('shows, charges and stores one figure; additions only while the total is above 0', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ unitPriceCents: fc.integer({ min: 0, max: 30_000 }), quantity: fc.integer({ min: 1, max: 20 }) }), { maxLength: 3 }),
        additionsArbitrary,
        fc.boolean(),
        (lines, additions: Addition[], invoice) => {
          const totals = priceVoucher(lines, additions);
          const subtotal = sumCents(lines.map((line) => line.unitPriceCents * line.quantity));
          expect(totals.subtotal).toBe(subtotal);
          expect(totals.additions).toBe(subtotal > 0 ? additionsCents('VOUCHER', additions, false) : 0);
          expectSound(totals, 0);
          const prices = { subtotal: toAmount(totals.subtotal), additions: toAmount(totals.additions), total: toAmount(totals.total) };
          expect(shownTotal('VOUCHER', prices.total, invoice)).toBe(invoice ? 0 : toAmount(totals.total));
        },
      ),
    );
  });
});
