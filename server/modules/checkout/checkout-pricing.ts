/**
 * The price step: a checked cart priced with the domain rules (src/domain/order/pricing.ts) —
 * coupons per line on its tickets, the organisation's additions, then gift-card credit over the
 * cart's totals in order. Pure; the same for a simulation and a submission.
 */
import type { OrderPrices } from '../../../src/domain/contracts/orders.ts';
import { toAmount } from '../../../src/domain/money.ts';
import { applyVoucherCredit, couponDiscountCents, orderTotals, type CouponRule, type OrderTotals } from '../../../src/domain/order/pricing.ts';
import { couponApplies, type ResolvedCodes } from '../coupons/discount-codes.ts';
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

/** Coupons apply per cart line, to its tickets only; each coupon's share is what it adds after the previous ones. */
function couponShares(ticketPrices: number[], coupons: Coupon[]): { couponId: number; cents: number }[] {
  const shares: { couponId: number; cents: number }[] = [];
  let before = 0;
  for (let index = 0; index < coupons.length; index += 1) {
    const coupon = coupons[index] as Coupon;
    const after = couponDiscountCents(ticketPrices, coupons.slice(0, index + 1).map(couponRule));
    shares.push({ couponId: coupon.id, cents: after - before });
    before = after;
  }
  return shares;
}

/**
 * `redemptions[i]`: the ONLINE subscription paying for line i's tickets (they are then its discount,
 * and no coupon applies to them; upsells are still paid).
 */
export function priceCart(
  checked: CheckedLine[],
  discounts: ResolvedCodes,
  additions: readonly { amountCents: number; type: 0 | 1 }[],
  rebooking = false,
  redemptions: readonly (Redemption | null)[] = [],
): PricedCart {
  const lines: PricedLine[] = checked.map((line, index) => {
    const redemption = redemptions[index] ?? null;
    const coupons = discounts.coupons.filter((coupon) => couponApplies(coupon, { kind: 'PRODUCT', products: [line.product.id] }));
    const shares = couponShares(redemption ? [] : line.ticketPrices, coupons);
    const couponCents = shares.reduce((total, share) => total + share.cents, 0);
    const discountCents = redemption ? line.productCents : couponCents;
    const totals = orderTotals({ productCents: line.productCents, upsellCents: line.upsellCents, discountCents, additions, rebooking });
    return {
      checked: line,
      coupons: coupons.filter((_, index) => (shares[index]?.cents ?? 0) > 0),
      couponShares: shares.filter((share) => share.cents > 0),
      creditCents: 0,
      redemption,
      totals,
    };
  });
  // Gift-card credit pays the cart's totals in order: the first card the first lines, and so on.
  const giftCardUse: { card: GiftCard; cents: number }[] = [];
  for (const card of discounts.giftCards) {
    let credit = card.creditCents;
    let used = 0;
    for (const line of lines) {
      const applied = applyVoucherCredit(line.totals.total, credit);
      if (applied.usedCents === 0) continue;
      line.creditCents += applied.usedCents;
      line.totals = { ...line.totals, discount: line.totals.discount + applied.usedCents, total: applied.totalCents };
      credit -= applied.usedCents;
      used += applied.usedCents;
    }
    if (used > 0) giftCardUse.push({ card, cents: used });
  }
  return { lines, giftCardUse, totalCents: lines.reduce((sum, line) => sum + line.totals.total, 0) };
}
