/**
 * The price step of every good, pure and the same for a simulation and a submission: a product
 * cart, a subscription and a voucher order priced with the domain's rules (src/domain/order/totals.ts
 * for the totals and gift-card credit, pricing.ts for tickets and coupons).
 */
import type { OrderPrices } from '#domain/contracts/orders.ts';
import { toAmount } from '#domain/money.ts';
import { couponShares, ticketsCents, upsellCents, type CouponRule, type TicketGroup, type UpsellLine } from '#domain/order/pricing.ts';
import { orderTotals, spendGiftCards, type OrderTotals, type PricedTotals } from '#domain/order/totals.ts';
import { couponApplies, type ResolvedCodes } from '../coupons/index.ts';
import type { CheckedLine } from './line-check.ts';
import type { Redemption } from './takings.ts';

type Coupon = ResolvedCodes['coupons'][number];
type GiftCard = ResolvedCodes['giftCards'][number];

/** One cart line, priced. `totals.discount` includes gift-card credit (the storefront's total is product + upsells - discount + additions). */
export interface PricedLine {
  checked: CheckedLine;
  coupons: Coupon[];
  /** Per coupon, what it took off this line (coupons apply one after the other). */
  couponShares: { couponId: number; cents: number }[];
  creditCents: number;
  /** The ONLINE subscription that pays for its tickets, if any. */
  redemption: Redemption | null;
  totals: OrderTotals;
}

export interface PricedCart {
  lines: PricedLine[];
  giftCardUse: { card: GiftCard; cents: number }[];
  totalCents: number;
}

export function toPrices(totals: OrderTotals): OrderPrices {
  return {
    product: toAmount(totals.product),
    upsell: toAmount(totals.upsell),
    subtotal: toAmount(totals.subtotal),
    discount: toAmount(totals.discount),
    additions: toAmount(totals.additions),
    total: toAmount(totals.total),
  };
}

function couponRule(coupon: Coupon): CouponRule {
  return { kind: coupon.discountType, value: coupon.value, maxTicketAmount: coupon.maxTicketAmount };
}

/** Each coupon's share of the discount on these tickets (src/domain/order/pricing.ts `couponShares`: one after the other). */
export function sharesOf(tickets: readonly TicketGroup[], coupons: readonly Coupon[]): { couponId: number; cents: number }[] {
  const cents = couponShares(tickets, coupons.map(couponRule));
  return coupons.map((coupon, index) => ({ couponId: coupon.id, cents: cents[index] ?? 0 }));
}

/**
 * A product cart priced with the domain's totals (src/domain/order/totals.ts, PRODUCT_CART):
 * coupons per line on its tickets, the organisation's additions on the submission's first line
 * only (the booking fee is charged once per submission), then gift-card credit over the lines in
 * order. `redemptions[i]`: the ONLINE subscription paying for line i's tickets (they are then its
 * discount, and no coupon applies to them; upsells are still paid).
 */
export function priceCart(
  checked: CheckedLine[],
  discounts: ResolvedCodes,
  additions: readonly { amountCents: number; type: 0 | 1 }[],
  rebooking = false,
  redemptions: readonly (Redemption | null)[] = [],
): PricedCart {
  const couponed = checked.map((line, index) => {
    const redemption = redemptions[index] ?? null;
    const coupons = discounts.coupons.filter((coupon) => couponApplies(coupon, { kind: 'PRODUCT', products: [line.product.id] }));
    const shares = sharesOf(redemption ? [] : line.tickets, coupons);
    const couponCents = shares.reduce((total, share) => total + share.cents, 0);
    return { line, redemption, coupons, shares, couponCents: redemption ? line.productCents : couponCents };
  });
  const spent = spendGiftCards(
    'PRODUCT_CART',
    couponed.map(({ line, couponCents }, index) => ({
      productCents: line.productCents,
      upsellCents: line.upsellCents,
      couponCents,
      additions,
      rebooking,
      carriesAdditions: index === 0,
    })),
    discounts.giftCards,
  );
  const lines: PricedLine[] = couponed.map(({ line, redemption, coupons, shares }, index) => {
    const priced = spent.orders[index] as PricedTotals;
    return {
      checked: line,
      coupons: coupons.filter((_, at) => (shares[at]?.cents ?? 0) > 0),
      couponShares: shares.filter((share) => share.cents > 0),
      creditCents: priced.creditCents,
      redemption,
      totals: priced.totals,
    };
  });
  return { lines, giftCardUse: spent.cards, totalCents: lines.reduce((sum, line) => sum + line.totals.total, 0) };
}

export interface PricedSubscription {
  totals: OrderTotals;
  /** Per coupon, with its code, what it took off the passes (one after the other). */
  couponShares: { couponId: number; code: string; cents: number }[];
  giftCardUse: { card: GiftCard; cents: number }[];
}

/**
 * A subscription order priced with the domain's totals (SUBSCRIPTION): its passes (price per
 * audience × quantity) with the coupons on them, its upsells, the organisation's additions only
 * while something is left to pay, gift-card credit last.
 */
export function priceSubscription(
  passes: readonly TicketGroup[],
  upsells: readonly UpsellLine[],
  discounts: ResolvedCodes,
  additions: readonly { amountCents: number; type: 0 | 1 }[],
): PricedSubscription {
  const shares = sharesOf(passes, discounts.coupons);
  const spent = spendGiftCards(
    'SUBSCRIPTION',
    [
      {
        productCents: ticketsCents(passes),
        upsellCents: upsellCents(upsells),
        couponCents: shares.reduce((sum, share) => sum + share.cents, 0),
        additions,
        rebooking: false,
        carriesAdditions: true,
      },
    ],
    discounts.giftCards,
  );
  return {
    totals: (spent.orders[0] as PricedTotals).totals,
    couponShares: shares.map((share, index) => ({ ...share, code: discounts.coupons[index]?.code ?? '' })),
    giftCardUse: spent.cards,
  };
}

/** A voucher order priced with the domain's totals (VOUCHER): the values chosen, the additions only while the total is above 0. */
export function priceVoucher(
  lines: readonly { unitPriceCents: number; quantity: number }[],
  additions: readonly { amountCents: number; type: 0 | 1 }[],
): OrderTotals {
  const productCents = ticketsCents(lines.map((line) => ({ priceCents: line.unitPriceCents, count: line.quantity })));
  return orderTotals('VOUCHER', { productCents, upsellCents: 0, couponCents: 0, additions, rebooking: false, carriesAdditions: true }).totals;
}

export interface PricedReservation {
  totals: OrderTotals;
  couponShares: { couponId: number; cents: number }[];
  /** The codes of the coupons that still take something off, in the order held. */
  couponCodes: string[];
  /** What the gift-card credit it was paid with no longer pays (goes back to the card). */
  creditBackCents: number;
}

/**
 * A reservation's order priced again (RESERVATION) with the coupons it keeps: coupons on its
 * tickets, the additions when this order is the one carrying its submission's booking fee, and the
 * gift-card credit it was paid with applied up to the new total.
 */
export function priceReservation(
  checked: CheckedLine,
  coupons: readonly Coupon[],
  additions: readonly { amountCents: number; type: 0 | 1 }[],
  carriesAdditions: boolean,
  creditCents: number,
): PricedReservation {
  const applying = coupons.filter((coupon) => couponApplies(coupon, { kind: 'PRODUCT', products: [checked.product.id] }));
  const shares = sharesOf(checked.tickets, applying);
  const couponCents = shares.reduce((sum, share) => sum + share.cents, 0);
  const priced = orderTotals(
    'RESERVATION',
    { productCents: checked.productCents, upsellCents: checked.upsellCents, couponCents, additions, rebooking: false, carriesAdditions },
    creditCents,
  );
  return {
    totals: priced.totals,
    couponShares: shares.filter((share) => share.cents > 0),
    couponCodes: applying.filter((_, index) => (shares[index]?.cents ?? 0) > 0).map((coupon) => coupon.code),
    creditBackCents: Math.max(0, creditCents) - priced.creditCents,
  };
}
