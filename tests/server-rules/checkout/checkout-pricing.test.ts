/**
 * The price step of a checkout (server/modules/checkout/checkout-pricing.ts priceCart) on its own:
 * lines checked by the validate step (line-check.ts) from a fixed catalogue, then priced with the
 * codes the shopper gave. No HTTP, no database. Without additions, so that what is asserted is the
 * coupon, redemption and credit rules, whatever the booking-fee policy.
 */
import { describe, expect, it } from 'vitest';
import { priceCart } from '../../../server/modules/checkout/checkout-pricing.ts';
import { checkLine } from '../../../server/modules/checkout/line-check.ts';
import { coupon, giftCard } from '../coupons/discount-code.fixture.ts';
import { ADULT, AQUARIUM, AQUARIUM_SLOT, AUDIO_GUIDE, catalogue, CHILD, GUIDEBOOK, line, NOW, TOUR, TOUR_SLOT } from './catalogue.fixture.ts';

const NO_ADDITIONS: { amountCents: number; type: 0 | 1 }[] = [];

/** Two tours (€35.00 each) with an audio guide (€4.00): €74.00. */
const tourLine = () => checkLine(line({ id: TOUR, plot: TOUR_SLOT, quantity: 2 }, { upsells: { [AUDIO_GUIDE]: { quantity: 1 } } }), catalogue, NOW);
/** Two guidebooks at €12.95: €25.90. */
const guidebookLine = () => checkLine(line({ id: GUIDEBOOK, quantity: 2 }), catalogue, NOW);
/** Two adults at the slot's €20.00 and a child at €9.50: €49.50. */
const aquariumLine = () => checkLine(line({ id: AQUARIUM, plot: AQUARIUM_SLOT, quantity: 3 }, { audiences: { [ADULT]: 2, [CHILD]: 1 } }), catalogue, NOW);

const totals = (cart: ReturnType<typeof priceCart>) => cart.lines.map((priced) => priced.totals.total);

describe('priceCart', () => {
  it('charges tickets and upsells as checked when no code is given', () => {
    const cart = priceCart([tourLine(), guidebookLine()], { coupons: [], giftCards: [] }, NO_ADDITIONS);
    expect(totals(cart)).toEqual([7400, 2590]);
    expect(cart.totalCents).toBe(9990);
    expect(cart.giftCardUse).toEqual([]);
  });

  it("takes a coupon off a line's tickets only, never its upsells", () => {
    const tenPercent = coupon('TENOFF', { value: 1000 });
    const cart = priceCart([tourLine()], { coupons: [tenPercent], giftCards: [] }, NO_ADDITIONS);
    expect(cart.lines[0]!.totals.discount).toBe(700);
    expect(cart.totalCents).toBe(7400 - 700);
  });

  it('applies a coupon per cart line: only to the lines of the products it names', () => {
    const forTours = coupon('TOURS', { discountType: 'FIXED', value: 500, products: [TOUR] });
    const cart = priceCart([tourLine(), guidebookLine()], { coupons: [forTours], giftCards: [] }, NO_ADDITIONS);
    expect(totals(cart)).toEqual([7400 - 2 * 500, 2590]);
    expect(cart.lines[1]!.totals.discount).toBe(0);
  });

  it('applies coupons one after the other: the second works on what the first left', () => {
    const half = coupon('HALF', { value: 5000 });
    const fiveOff = coupon('FIVEOFF', { discountType: 'FIXED', value: 500 });
    const cart = priceCart([guidebookLine()], { coupons: [half, fiveOff], giftCards: [] }, NO_ADDITIONS);
    // Per ticket: 1295, half off (647.50 rounded half up: 648) leaves 647, then 500 off leaves 147.
    expect(cart.totalCents).toBe(2 * 147);
  });

  it('limits a coupon to its number of tickets, the most expensive first', () => {
    const twoTickets = coupon('FAMILY', { value: 2500, maxTicketAmount: 2 });
    const cart = priceCart([aquariumLine()], { coupons: [twoTickets], giftCards: [] }, NO_ADDITIONS);
    // 25 % of the two €20.00 adult tickets; the child ticket pays in full.
    expect(cart.lines[0]!.totals.discount).toBe(2 * 500);
  });

  it('never discounts a line below 0, however large the coupon', () => {
    const huge = coupon('HUGE', { discountType: 'FIXED', value: 1_000_000 });
    const cart = priceCart([guidebookLine()], { coupons: [huge], giftCards: [] }, NO_ADDITIONS);
    expect(cart.totalCents).toBe(0);
  });

  it('makes the tickets of a redeemed line free and applies no coupon to them, while its upsells are paid', () => {
    const tenPercent = coupon('TENOFF', { value: 1000 });
    const cart = priceCart([tourLine(), guidebookLine()], { coupons: [tenPercent], giftCards: [] }, NO_ADDITIONS, false, [
      { clientSubscriptionId: 7, quantity: 2 },
      null,
    ]);
    expect(cart.lines[0]!.totals.total).toBe(400);
    expect(cart.lines[0]!.redemption).toEqual({ clientSubscriptionId: 7, quantity: 2 });
    expect(cart.lines[0]!.couponShares).toEqual([]);
    expect(cart.lines[1]!.totals.total).toBe(2590 - 2 * 130);
  });

  it('pays the cart with gift-card credit in order, and uses no more credit than the cart costs', () => {
    const small = giftCard('GIFT-SMALL', 5000);
    const large = giftCard('GIFT-LARGE', 50_000);
    const cart = priceCart([tourLine(), guidebookLine()], { coupons: [], giftCards: [small, large] }, NO_ADDITIONS);
    expect(cart.totalCents).toBe(0);
    expect(cart.giftCardUse).toEqual([
      { card: small, cents: 5000 },
      { card: large, cents: 9990 - 5000 },
    ]);
  });

  it('applies credit after the coupons, to what is left to pay', () => {
    const tenPercent = coupon('TENOFF', { value: 1000 });
    const card = giftCard('GIFT-10', 1000);
    const cart = priceCart([tourLine()], { coupons: [tenPercent], giftCards: [card] }, NO_ADDITIONS);
    expect(cart.totalCents).toBe(7400 - 700 - 1000);
    expect(cart.giftCardUse).toEqual([{ card, cents: 1000 }]);
  });

  it('uses a card that has nothing to pay for not at all', () => {
    const free = coupon('FREE', { value: 10_000 });
    const cart = priceCart([guidebookLine()], { coupons: [free], giftCards: [giftCard('GIFT-UNUSED', 1000)] }, NO_ADDITIONS);
    expect(cart.totalCents).toBe(0);
    expect(cart.giftCardUse).toEqual([]);
  });
});
