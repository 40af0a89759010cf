/**
 * Every total rule of the shop (spec section 9), once. The server prices every order with these
 * functions before it stores and charges it; the storefront shows the amounts the server priced,
 * through `shownTotal`, so the figure on a screen, in a mail, in the payment and in the stored
 * order is one figure.
 *
 * The rule per good (`TotalsPolicy`):
 * - PRODUCT_CART  product + upsells - discount + additions (type 0 for a new booking, type 1 for a
 *                 rebooking).
 * - RESERVATION   products + upsells - discount, plus the organisation's additions; type 1 (the
 *                 rebooking fee) is skipped.
 * - SUBSCRIPTION, VOUCHER  the additions (type 0 new booking, type 1 rebooking) are summed and added
 *                 only while the total is above 0; the total is shown as 0 when the order is on invoice.
 *
 * The booking fee once per submission: a checkout that writes several orders (one per cart line)
 * charges the additions on one of them only (`carriesAdditions`, the submission's first order);
 * the others carry additions 0. The sum of the orders is the payment's amount.
 *
 * Coupons: one semantics for every good, `couponShares` in pricing.ts (one after the other, on the
 * tickets or passes only, max_ticket_amount on the most expensive first). The coupon discount is
 * kept between 0 and product + upsells.
 *
 * Gift-card credit is applied last, in one place (`spendGiftCards`, over a submission's orders in
 * order, the first card first): it pays what the order asks, additions included. For subscriptions
 * and vouchers "while the total is above 0" is decided on what is left after coupons and credit,
 * so a pass the card pays in full costs nothing, booking fee included. The credit used is part of
 * the stored discount.
 */
import { sumCents } from '../money.ts';
import { applicableAdditions } from './pricing.ts';

export type TotalsPolicy = 'PRODUCT_CART' | 'RESERVATION' | 'SUBSCRIPTION' | 'VOUCHER';

export interface Addition {
  amountCents: number;
  type: 0 | 1;
}

interface PolicyRules {
  /** The additions are added only while the total (after coupons and credit) is above 0. */
  additionsOnlyAboveZero: boolean;
  /** The rebooking additions (type 1) can apply; otherwise a new booking's (type 0) always do. */
  rebookingAdditions: boolean;
  /** Shown as 0 when the order is on invoice. */
  zeroOnInvoice: boolean;
}

const POLICIES: Record<TotalsPolicy, PolicyRules> = {
  PRODUCT_CART: { additionsOnlyAboveZero: false, rebookingAdditions: true, zeroOnInvoice: false },
  RESERVATION: { additionsOnlyAboveZero: false, rebookingAdditions: false, zeroOnInvoice: false },
  SUBSCRIPTION: { additionsOnlyAboveZero: true, rebookingAdditions: true, zeroOnInvoice: true },
  VOUCHER: { additionsOnlyAboveZero: true, rebookingAdditions: true, zeroOnInvoice: true },
};

export interface TotalsInput {
  productCents: number;
  upsellCents: number;
  /** The coupons' discount (or a subscription paying the tickets); kept between 0 and the subtotal. */
  couponCents: number;
  additions: readonly Addition[];
  /** Rebookings pay the type-1 additions, new bookings the type-0 ones. */
  rebooking: boolean;
  /** False for every order of a submission but the one carrying the booking fee. */
  carriesAdditions: boolean;
}

export interface OrderTotals {
  product: number;
  upsell: number;
  subtotal: number;
  /** Coupons and gift-card credit together. */
  discount: number;
  additions: number;
  total: number;
}

export interface PricedTotals {
  totals: OrderTotals;
  /** The gift-card credit this order used (part of `totals.discount`). */
  creditCents: number;
}

/** The organisation's additions an order of this policy pays. */
export function additionsCents(policy: TotalsPolicy, additions: readonly Addition[], rebooking: boolean): number {
  const applies = applicableAdditions(additions, POLICIES[policy].rebookingAdditions && rebooking);
  return sumCents(applies.map((addition) => addition.amountCents));
}

/** One order's totals under its good's rule, with up to `creditCents` gift-card credit paying it. */
export function orderTotals(policy: TotalsPolicy, input: TotalsInput, creditCents = 0): PricedTotals {
  const rules = POLICIES[policy];
  const subtotal = input.productCents + input.upsellCents;
  const coupon = Math.min(Math.max(0, input.couponCents), Math.max(0, subtotal));
  const due = subtotal - coupon;
  const credit = Math.max(0, creditCents);
  const fee = input.carriesAdditions ? additionsCents(policy, input.additions, input.rebooking) : 0;
  const additions = rules.additionsOnlyAboveZero && due - credit <= 0 ? 0 : fee;
  const used = Math.min(credit, Math.max(0, due + additions));
  return {
    totals: { product: input.productCents, upsell: input.upsellCents, subtotal, discount: coupon + used, additions, total: due + additions - used },
    creditCents: used,
  };
}

export interface SpentGiftCards<Card> {
  orders: PricedTotals[];
  /** Per card (in the order given), what it paid; cards that paid nothing are left out. */
  cards: { card: Card; cents: number }[];
}

/**
 * The one place gift-card credit is applied: a submission's orders in order, each paid by what is
 * left of the cards (the first card first), after its coupons and additions (see the header).
 */
export function spendGiftCards<Card extends { creditCents: number }>(
  policy: TotalsPolicy,
  orders: readonly TotalsInput[],
  cards: readonly Card[],
): SpentGiftCards<Card> {
  const left = cards.map((card) => Math.max(0, card.creditCents));
  const spent = cards.map(() => 0);
  const priced = orders.map((input) => {
    const result = orderTotals(policy, input, sumCents(left));
    let owed = result.creditCents;
    for (let index = 0; index < left.length && owed > 0; index += 1) {
      const take = Math.min(owed, left[index] ?? 0);
      left[index] = (left[index] ?? 0) - take;
      spent[index] = (spent[index] ?? 0) + take;
      owed -= take;
    }
    return result;
  });
  return {
    orders: priced,
    cards: cards.flatMap((card, index) => ((spent[index] ?? 0) > 0 ? [{ card, cents: spent[index] ?? 0 }] : [])),
  };
}

/** The total a screen shows for an order the server priced: 0 for a subscription or voucher on invoice. */
export function shownTotal(policy: TotalsPolicy, total: number, invoice: boolean): number {
  return invoice && POLICIES[policy].zeroOnInvoice ? 0 : total;
}
