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

/** `count` tickets at one price: an order's tickets are priced as a few such groups, never one entry per ticket. */
export interface TicketGroup {
  priceCents: number;
  count: number;
}

/**
 * An order's tickets as price groups. With audience quantities (any above 0) each audience's
 * tickets cost its audience price (an audience without a price falls back to the ticket price), one
 * group per audience in audience id order; otherwise `quantity` tickets at the plot's price, or the
 * product's price without one. The order's shape decides, not `priceType`, so a per-audience order
 * is never priced as a plain quantity. The work is the same for 1 ticket and for 10,000.
 */
export function ticketGroups(product: PricedProduct, quantity: number, audiences: AudienceQuantities): TicketGroup[] {
  const ticketPrice = product.plotPriceCents ?? product.basePriceCents;
  const audienceEntries = Object.entries(audiences)
    .map(([id, count]) => [Number(id), wholeQuantity(count)] as const)
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => a - b);
  if (audienceEntries.length === 0) {
    const count = wholeQuantity(quantity);
    return count > 0 ? [{ priceCents: ticketPrice, count }] : [];
  }
  return audienceEntries.map(([id, count]) => ({ priceCents: product.audiencePriceCents[id] ?? ticketPrice, count }));
}

/** What the tickets of these groups cost together. */
export function ticketsCents(groups: readonly TicketGroup[]): number {
  return sumCents(groups.map((group) => group.priceCents * wholeQuantity(group.count)));
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

/** Equal prices merged, the most expensive first (negative prices count as 0, empty groups dropped). */
function mergedGroups(groups: Iterable<TicketGroup>): TicketGroup[] {
  const counts = new Map<number, number>();
  for (const group of groups) {
    const count = wholeQuantity(group.count);
    if (count === 0) continue;
    const price = Math.max(0, group.priceCents);
    counts.set(price, (counts.get(price) ?? 0) + count);
  }
  return [...counts.entries()].map(([priceCents, count]) => ({ priceCents, count })).sort((a, b) => b.priceCents - a.priceCents);
}

/**
 * What is left of the tickets after each coupon in turn: `after[i]` the groups once coupons 0..i
 * applied. The coupon semantics of every good (product tickets, subscription passes):
 * - coupons apply one after the other, each on what is left of every ticket after the previous ones;
 * - upsells, donations and additions are never discounted;
 * - max_ticket_amount caps how many tickets a coupon discounts; it picks the most expensive tickets
 *   (by what is left of them) first, the reading most favourable to the visitor, which does not
 *   depend on the order the tickets were listed in;
 * - a percentage (basis points) rounds half up per ticket; a fixed value is cents per ticket;
 * - a ticket never gets more discount than what is left of it, so the discount is between 0 and
 *   the sum of the ticket prices.
 * Tickets of one price are alike, so the work is per price group, not per ticket.
 */
function couponSteps(groups: readonly TicketGroup[], coupons: readonly CouponRule[]): TicketGroup[][] {
  let remaining = mergedGroups(groups);
  const steps: TicketGroup[][] = [];
  for (const coupon of coupons) {
    const value = Math.max(0, coupon.value);
    const tickets = remaining.reduce((sum, group) => sum + group.count, 0);
    let left = coupon.maxTicketAmount === null ? tickets : Math.min(tickets, wholeQuantity(coupon.maxTicketAmount));
    const next: TicketGroup[] = [];
    for (const group of remaining) {
      const discounted = Math.min(left, group.count);
      left -= discounted;
      if (discounted > 0) {
        const discount = coupon.kind === 'PERCENTAGE' ? percentageOf(group.priceCents, value) : value;
        next.push({ priceCents: group.priceCents - Math.min(group.priceCents, discount), count: discounted });
      }
      if (group.count > discounted) next.push({ priceCents: group.priceCents, count: group.count - discounted });
    }
    remaining = mergedGroups(next);
    steps.push(remaining);
  }
  return steps;
}

/** The coupons' discount on these tickets (see `couponSteps` for the semantics). */
export function couponDiscountCents(groups: readonly TicketGroup[], coupons: readonly CouponRule[]): number {
  return sumCents(couponShares(groups, coupons));
}

/** What each coupon takes off these tickets, after the ones before it (coupons apply one after the other). */
export function couponShares(groups: readonly TicketGroup[], coupons: readonly CouponRule[]): number[] {
  let before = ticketsCents(mergedGroups(groups));
  return couponSteps(groups, coupons).map((after) => {
    const left = ticketsCents(after);
    const share = before - left;
    before = left;
    return share;
  });
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
 * (`ticketGroups`), so the price a visitor sees on a slot is the price the order is charged.
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
    lowestTotalPrice = ticketsCents(ticketGroups(pricing, order.quantity, {}));
  } else {
    const quantities: AudienceQuantities = {};
    for (const line of order.audiences) quantities[line.id] = (quantities[line.id] ?? 0) + line.quantity;
    lowestTotalPrice = ticketsCents(ticketGroups(pricing, 0, quantities));
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
