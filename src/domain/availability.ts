/**
 * Plot availability rules (spec sections 4, 5 and 9), shared by the plots endpoint and the
 * calendar and time-slot views.
 */

/** What an unlimited-capacity plot counts as available. */
export const UNLIMITED_AVAILABILITY = 999;

export interface CapacityState {
  /** null when unlimited. */
  capacity: number | null;
  /** Places taken: sold, reserved and held by unexpired holds. */
  taken: number;
}

export function availableAmount({ capacity, taken }: CapacityState): number {
  if (capacity === null) return UNLIMITED_AVAILABILITY;
  return Math.max(0, capacity - taken);
}

/** Availability over capacity as a rounded percentage; unlimited is 100. */
export function availablePercentage(amount: number, capacity: number | null): number {
  if (capacity === null) return 100;
  if (capacity <= 0) return 0;
  return Math.round((Math.max(0, Math.min(amount, capacity)) / capacity) * 100);
}

export type AvailabilityLevel = 'high' | 'medium' | 'low';

/** Calendar colour: above 20% is high, above 0 is medium, 0 is low. */
export function calendarAvailabilityLevel(percentage: number): AvailabilityLevel {
  if (percentage > 20) return 'high';
  if (percentage > 0) return 'medium';
  return 'low';
}

/** Time-slot list colour: 0 is low, under 20 is medium, otherwise high. */
export function slotAvailabilityLevel(percentage: number): AvailabilityLevel {
  if (percentage <= 0) return 'low';
  if (percentage < 20) return 'medium';
  return 'high';
}

/**
 * Availability of a plot as the storefront shows it: reduced by the places of the same plot
 * already in the cart, percentage recomputed and rounded (spec section 4, Cart).
 */
export function reduceByCart(
  availability: { amount: number; percentage: number },
  capacity: number | null,
  inCart: number,
): { amount: number; percentage: number } {
  if (inCart <= 0) return availability;
  const amount = Math.max(0, availability.amount - inCart);
  return { amount, percentage: availablePercentage(amount, capacity) };
}

/** A slot's availability as the plots answer gives it: places left and their share of capacity. */
export function slotAvailability(slot: CapacityState): { amount: number; percentage: number } {
  const amount = availableAmount(slot);
  return { amount, percentage: availablePercentage(amount, slot.capacity) };
}
