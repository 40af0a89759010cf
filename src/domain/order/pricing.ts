/**
 * Order prices in cents (spec sections 3, 5 and 9), written once: the storefront's summary shows
 * what these functions return and the server recomputes every order with them before charging.
 */
import type { PriceType } from '../contracts/catalogue.ts';
import { sumCents } from '../money.ts';
import { wholeQuantity, type AudienceQuantities } from './quantities.ts';

export interface PricedProduct {
  priceType: PriceType;
  basePriceCents: number;
  /** The chosen plot's price; null when the product has no plot or the plot has no own price. */
  plotPriceCents: number | null;
  /** Audience id → price, with the chosen plot's audience prices already merged in by the caller. */
  audiencePriceCents: Record<number, number>;
}

/**
 * One price per ticket. With audience quantities (any above 0) each audience's tickets cost its
 * audience price (an audience without a price falls back to the ticket price); otherwise `quantity`
 * tickets at the plot's price, or the product's price without one. The order's shape decides,
 * not `priceType`, so a per-audience order is never priced as a plain quantity.
 */
export function ticketUnitPrices(product: PricedProduct, quantity: number, audiences: AudienceQuantities): number[] {
  const ticketPrice = product.plotPriceCents ?? product.basePriceCents;
  const audienceEntries = Object.entries(audiences)
    .map(([id, count]) => [Number(id), wholeQuantity(count)] as const)
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => a - b);
  if (audienceEntries.length === 0) return Array.from({ length: wholeQuantity(quantity) }, () => ticketPrice);
  return audienceEntries.flatMap(([id, count]) => Array.from({ length: count }, () => product.audiencePriceCents[id] ?? ticketPrice));
}

export interface UpsellLine {
  upsellType: 'STANDARD' | 'DONATION';
  /** For a donation: the donated amount. */
  unitPriceCents: number;
  quantity: number;
}

/** What the upsells cost: price × quantity; a donation counts its amount once (quantity 0 or 1). */
export function upsellCents(lines: readonly UpsellLine[]): number {
  return sumCents(
    lines.map((line) => {
      const quantity = line.upsellType === 'DONATION' ? Math.min(1, wholeQuantity(line.quantity)) : wholeQuantity(line.quantity);
      return line.unitPriceCents * quantity;
    }),
  );
}

export interface CouponRule {
  kind: 'PERCENTAGE' | 'FIXED';
  /** Basis points for PERCENTAGE (1250 = 12.5%), cents per ticket for FIXED. */
  value: number;
  /** How many tickets get the discount; null: all of them. */
  maxTicketAmount: number | null;
}

/** A share of cents in basis points, rounded half up. */
function percentageOf(cents: number, basisPoints: number): number {
  return Math.floor((cents * basisPoints + 5_000) / 10_000);
}

/**
 * The coupon discount on the tickets (upsells are never discounted). Coupons apply one after the
 * other, each on what is left of every ticket after the previous ones. max_ticket_amount caps how
 * many tickets a coupon discounts; it picks the most expensive tickets (by what is left of them)
 * first, which is the reading most favourable to the visitor and does not depend on the order the
 * tickets were listed in. A percentage rounds half up per ticket. A ticket never gets more discount
 * than its price, so the result is between 0 and the sum of the ticket prices.
 */
export function couponDiscountCents(ticketPrices: readonly number[], coupons: readonly CouponRule[]): number {
  const remaining = ticketPrices.map((price) => Math.max(0, price));
  for (const coupon of coupons) {
    const value = Math.max(0, coupon.value);
    const count = coupon.maxTicketAmount === null ? remaining.length : Math.min(remaining.length, wholeQuantity(coupon.maxTicketAmount));
    const order = remaining
      .map((price, index) => ({ price, index }))
      .sort((a, b) => b.price - a.price || a.index - b.index)
      .slice(0, count);
    for (const { price, index } of order) {
      const discount = coupon.kind === 'PERCENTAGE' ? percentageOf(price, value) : value;
      remaining[index] = price - Math.min(price, discount);
    }
  }
  return sumCents(ticketPrices.map((price) => Math.max(0, price))) - sumCents(remaining);
}

export interface OrderTotalsInput {
  productCents: number;
  upsellCents: number;
  discountCents: number;
  additions: readonly { amountCents: number; type: 0 | 1 }[];
  /** Rebookings pay the type-1 additions, new bookings the type-0 ones. */
  rebooking: boolean;
}

export interface OrderTotals {
  product: number;
  upsell: number;
  subtotal: number;
  discount: number;
  additions: number;
  total: number;
}

/** The organisation's additions that apply: type 0 to new bookings, type 1 to rebookings. */
export function additionsCents(additions: OrderTotalsInput['additions'], rebooking: boolean): number {
  return sumCents(applicableAdditions(additions, rebooking).map((addition) => addition.amountCents));
}

/**
 * Product cart total (spec section 9): product + upsells - discount + additions. The discount is
 * kept between 0 and the subtotal, so additions are always paid in full.
 */
export function orderTotals(input: OrderTotalsInput): OrderTotals {
  const subtotal = input.productCents + input.upsellCents;
  const discount = Math.min(Math.max(0, input.discountCents), Math.max(0, subtotal));
  const additions = additionsCents(input.additions, input.rebooking);
  return {
    product: input.productCents,
    upsell: input.upsellCents,
    subtotal,
    discount,
    additions,
    total: subtotal - discount + additions,
  };
}

/** Gift-card (voucher) credit pays part or all of the total; the total never goes below 0. */
export function applyVoucherCredit(totalCents: number, creditCents: number): { usedCents: number; totalCents: number } {
  const usedCents = Math.min(Math.max(0, creditCents), Math.max(0, totalCents));
  return { usedCents, totalCents: totalCents - usedCents };
}

export interface SlotAudience {
  audienceId: number;
  /** The product-audience price. */
  priceCents: number;
  hidden: boolean;
}

/** Each audience's price on a slot: the slot's own override, else the product-audience price. */
export function slotAudiencePriceCents(audiences: readonly SlotAudience[], overrides: ReadonlyMap<number, number>): Record<number, number> {
  const prices: Record<number, number> = {};
  for (const audience of audiences) prices[audience.audienceId] = overrides.get(audience.audienceId) ?? audience.priceCents;
  return prices;
}

/** What a visitor orders on a slot: a plain quantity, or tickets per audience. */
export type SlotOrder = { quantity: number } | { audiences: readonly { id: number; quantity: number }[] };

export interface SlotPrices {
  /** The slot's ticket price. */
  price: number;
  /** Offered (not hidden) audiences' prices on the slot. */
  audiencePrices: { audience: number; price: number }[];
  /** What `order` costs on this slot (tickets only), or without an order the cheapest single ticket. */
  lowestTotalPrice: number;
}

/**
 * A slot's prices as the plots listing shows them, with the same ticket prices a checkout charges
 * (`ticketUnitPrices`), so the price a visitor sees on a slot is the price the order is charged.
 */
export function slotPrices(
  slot: { priceCents: number | null; audiencePrices: ReadonlyMap<number, number> },
  product: { priceType: PriceType; priceCents: number; audiences: readonly SlotAudience[] },
  order: SlotOrder | null,
): SlotPrices {
  const audiencePriceCents = slotAudiencePriceCents(product.audiences, slot.audiencePrices);
  const pricing: PricedProduct = { priceType: product.priceType, basePriceCents: product.priceCents, plotPriceCents: slot.priceCents, audiencePriceCents };
  const price = slot.priceCents ?? product.priceCents;
  const audiencePrices = product.audiences
    .filter((audience) => !audience.hidden)
    .map((audience) => ({ audience: audience.audienceId, price: audiencePriceCents[audience.audienceId] ?? price }));
  let lowestTotalPrice: number;
  if (order === null) {
    lowestTotalPrice = audiencePrices.length > 0 ? Math.min(...audiencePrices.map((entry) => entry.price)) : price;
  } else if ('quantity' in order) {
    lowestTotalPrice = sumCents(ticketUnitPrices(pricing, order.quantity, {}));
  } else {
    const quantities: AudienceQuantities = {};
    for (const line of order.audiences) quantities[line.id] = (quantities[line.id] ?? 0) + line.quantity;
    lowestTotalPrice = sumCents(ticketUnitPrices(pricing, 0, quantities));
  }
  return { price, audiencePrices, lowestTotalPrice };
}

/**
 * The organisation's additions an order pays, in the organisation's order: type 0 for new bookings,
 * type 1 for rebookings. The storefront names its booking-fee line after them; the amount it shows
 * is always the server's.
 */
export function applicableAdditions<T extends { type: 0 | 1 }>(additions: readonly T[], rebooking: boolean): T[] {
  const type = rebooking ? 1 : 0;
  return additions.filter((addition) => addition.type === type);
}
