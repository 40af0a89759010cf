/**
 * Whether an order fits in a time slot (spec sections 4, 5 and 9), written once: the plots listing
 * marks slots selectable with these rules, the storefront lists and preselects with them, and the
 * server's capacity guard (server/modules/checkout/capacity-guard.ts) refuses with them — its
 * conditional UPDATE is the same `fits` and `acceptsOrders`, evaluated on the locked row.
 */
import { availableAmount, type CapacityState } from '../availability.ts';

/** "Now" on the organisation's wall clock: plot dates and times are local to its timezone. */
export interface ShopMoment {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM:SS, comparable with plot start times as text. */
  time: string;
}

export interface OrderLimit {
  /** null: no limit. */
  maxOrders: number | null;
  orderCount: number;
}

/**
 * Room for `places` when `free` places are left; unlimited capacity (null) always has room.
 * The storefront knows a slot by its free places, the server by capacity and taken: both end here.
 */
export function fitsFree(free: number, capacity: number | null, places: number): boolean {
  return capacity === null || free >= places;
}

/** Room for `places` in a slot with `taken` places sold, reserved or held. */
export function fits(slot: CapacityState, places: number): boolean {
  return fitsFree(availableAmount(slot), slot.capacity, places);
}

/** The slot takes `orders` more orders without passing its order limit. */
export function acceptsOrders(slot: OrderLimit, orders = 1): boolean {
  return slot.maxOrders === null || slot.orderCount + orders <= slot.maxOrders;
}

export function isOrderLimitReached(slot: OrderLimit): boolean {
  return !acceptsOrders(slot, 1);
}

/**
 * A slot that starts later today, or on a later day; a whole-day slot (no start time) counts all
 * day. A slot whose start has passed in the organisation's timezone is never selectable.
 */
export function isUpcoming(slot: { date: string; startTime: string | null }, now: ShopMoment): boolean {
  if (slot.date !== now.date) return slot.date > now.date;
  return slot.startTime === null || slot.startTime > now.time;
}

export type SelectableSlot = CapacityState & OrderLimit & { date: string; startTime: string | null };

/** Upcoming, room for `places`, and its order limit not reached: what the listing calls `selectable`. */
export function isSelectable(slot: SelectableSlot, places: number, now: ShopMoment): boolean {
  return isUpcoming(slot, now) && fits(slot, places) && acceptsOrders(slot, 1);
}

/**
 * A slot as a booking being moved sees it (the plots call's `rebookPlot`, spec section 7): the
 * booking's own places there count as free, and its own order does not count towards the order
 * limit. The listing knows the slot, not the booking: `places` is what the visitor orders now, at
 * most the places taken there (the booking's are among them).
 */
export function slotWithOwnBooking<T extends CapacityState & OrderLimit>(slot: T, places: number): T {
  const own = Math.max(0, Math.min(places, slot.taken));
  return { ...slot, taken: slot.taken - own, orderCount: Math.max(0, slot.orderCount - 1) };
}

export type SlotRefusal = 'PLOT_NOT_AVAILABLE' | 'PLOT_SOLD_OUT' | 'ORDER_LIMIT_REACHED';

/** Why a slot cannot take what a checkout asks of it (`places`, `orders` lines), or null when it can. */
export function slotRefusal(slot: SelectableSlot, wanted: { places: number; orders: number }, now: ShopMoment): SlotRefusal | null {
  if (!isUpcoming(slot, now)) return 'PLOT_NOT_AVAILABLE';
  if (!acceptsOrders(slot, wanted.orders)) return 'ORDER_LIMIT_REACHED';
  if (!fits(slot, wanted.places)) return 'PLOT_SOLD_OUT';
  return null;
}

/** What a cart's lines ask of each slot: places, and one counted order per line. */
export function placesPerPlot(lines: readonly { plotId: number | null; quantity: number }[]): Map<number, { places: number; orders: number }> {
  const perPlot = new Map<number, { places: number; orders: number }>();
  for (const line of lines) {
    if (line.plotId === null) continue;
    const entry = perPlot.get(line.plotId) ?? { places: 0, orders: 0 };
    entry.places += line.quantity;
    entry.orders += 1;
    perPlot.set(line.plotId, entry);
  }
  return perPlot;
}
