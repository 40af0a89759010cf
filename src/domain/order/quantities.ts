/**
 * Quantity rules of spec section 5 (Quantities), written once for the storefront steppers and the
 * server's re-check of a submitted order.
 *
 * A quantity is a whole number of tickets: anything else a visitor could type (NaN, 1.5, -2) counts
 * as 0, never as a rounded guess, so the client and the server can never disagree about it.
 */
import type { Audience } from '../contracts/catalogue.ts';

/** The whole, non-negative number a stepper may hold; anything else is 0. */
export function wholeQuantity(value: number): number {
  return Number.isSafeInteger(value) && value > 0 ? value : 0;
}

export interface QuantityLimits {
  /** The product's min_quantity. */
  min: number;
  /** The product's max_quantity. */
  max: number;
  /** Places left (the chosen plot's availability, or the product's). */
  available: number;
}

/**
 * Regular (non-audience) quantity: the result is 0 or lies in [min, min(max, available)].
 * A value between 0 and min jumps to min (the first "+" press from 0 books the minimum); when the
 * upper bound is below min nothing can be booked, so every value becomes 0.
 */
export function clampRegularQuantity(value: number, limits: QuantityLimits): number {
  const quantity = wholeQuantity(value);
  const min = Math.max(0, limits.min);
  const upper = Math.max(0, Math.min(limits.max, limits.available));
  if (quantity === 0 || upper < min) return 0;
  if (quantity > upper) return upper;
  if (quantity < min) return min;
  return quantity;
}

/** The regular quantity step may be left once at least one ticket is chosen. */
export function isRegularQuantityReady(quantity: number): boolean {
  return quantity > 0;
}

/** Audience id → quantity. */
export type AudienceQuantities = Record<number, number>;

/** A fixed-quantity audience is read-only and always books at least one ticket. */
export function fixedAudienceQuantity(audience: Audience): number {
  return Math.max(1, audience.min_quantity);
}

/**
 * The starting quantities of the audience steppers: one entry per visible audience, fixed-quantity
 * audiences at max(1, min_quantity) (their stepper is read-only), the others at 0.
 */
export function initialAudienceQuantities(audiences: readonly Audience[]): AudienceQuantities {
  const quantities: AudienceQuantities = {};
  for (const audience of audiences) {
    if (audience.hidden) continue;
    quantities[audience.id] = audience.fixed_quantity ? fixedAudienceQuantity(audience) : 0;
  }
  return quantities;
}

/** Sum of the audience quantities. */
export function audienceTotal(quantities: AudienceQuantities): number {
  return Object.values(quantities).reduce((total, quantity) => total + wholeQuantity(quantity), 0);
}

/** How many places a product order takes: its audiences' total when booked per audience, else its one quantity. */
export function placesOfOrder(order: { quantity: number; audiences: AudienceQuantities }): number {
  return Object.keys(order.audiences).length > 0 ? audienceTotal(order.audiences) : wholeQuantity(order.quantity);
}

/**
 * Sets one audience's quantity (spec section 5):
 * - it is clamped to the audience's own bounds: 0, or between min_quantity and max_quantity
 *   (a value between 0 and min_quantity jumps to min_quantity);
 * - the total across audiences cannot exceed the product max, so the changed audience is reduced
 *   to fit; if what fits is below its min_quantity it drops to 0;
 * - fixed-quantity audiences are read-only: the value is ignored and they stay at least 1;
 * - an unknown or hidden audience leaves the quantities unchanged (same object).
 */
export function setAudienceQuantity(
  current: AudienceQuantities,
  audienceId: number,
  value: number,
  audiences: readonly Audience[],
  productMax: number,
): AudienceQuantities {
  const audience = audiences.find((candidate) => candidate.id === audienceId);
  if (!audience || audience.hidden) return current;
  if (audience.fixed_quantity) {
    const present = wholeQuantity(current[audienceId] ?? 0);
    return present >= 1 ? current : { ...current, [audienceId]: fixedAudienceQuantity(audience) };
  }

  const min = Math.max(0, audience.min_quantity);
  const max = Math.max(0, audience.max_quantity);
  let quantity = wholeQuantity(value);
  if (max < min) quantity = 0;
  else if (quantity > max) quantity = max;
  else if (quantity > 0 && quantity < min) quantity = min;

  const others = audienceTotal(current) - wholeQuantity(current[audienceId] ?? 0);
  const room = Math.max(0, productMax - others);
  if (quantity > room) quantity = room;
  if (quantity > 0 && quantity < min) quantity = 0;

  return { ...current, [audienceId]: quantity };
}

/**
 * The audience step is ready when the total reaches the product's min_quantity and at least one
 * non-dependant audience is booked (a child ticket needs an adult beside it).
 */
export function isAudienceStepReady(quantities: AudienceQuantities, audiences: readonly Audience[], minQuantity: number): boolean {
  if (audienceTotal(quantities) < minQuantity) return false;
  return audiences.some((audience) => !audience.dependant && !audience.hidden && wholeQuantity(quantities[audience.id] ?? 0) > 0);
}

/** Default upsell max_quantity (spec section 9). */
export const DEFAULT_UPSELL_MAX = 999;

/** Upsell quantity: a whole number from 0 to the upsell's max_quantity (999 by default). */
export function clampUpsellQuantity(value: number, maxQuantity: number = DEFAULT_UPSELL_MAX): number {
  return Math.min(wholeQuantity(value), Math.max(0, maxQuantity));
}

/** Subscription passes per audience (spec section 9). */
export const SUBSCRIPTION_PASS_MAX = 10;

/**
 * Subscription pass quantity of one audience (spec section 5). The value is first capped at 10
 * (where the plus button stops). A value typed while the audience is still at 0 is accepted only
 * if the total over all audiences stays at most 10; otherwise it is refused and the audience stays
 * at 0. Changing an audience that already has passes is limited by the per-audience cap only.
 *
 * @param value what was typed or stepped to
 * @param current the audience's quantity before the change
 * @param otherAudiencesTotal passes of all the other audiences
 */
export function clampPassQuantity(value: number, current: number, otherAudiencesTotal: number): number {
  const quantity = Math.min(wholeQuantity(value), SUBSCRIPTION_PASS_MAX);
  if (wholeQuantity(current) === 0 && wholeQuantity(otherAudiencesTotal) + quantity > SUBSCRIPTION_PASS_MAX) return 0;
  return quantity;
}

/** The subscription quantity step is ready when at least one pass is chosen. */
export function isPassStepReady(quantities: AudienceQuantities): boolean {
  return audienceTotal(quantities) > 0;
}
