/**
 * Choosing a date and a time slot (spec sections 4 and 5, Dates and time slots; Calendar
 * selection). The amount is what the visitor orders (`orderedQuantity` in src/domain/plot-query.ts).
 */
import { availablePercentage, reduceByCart } from '../availability.ts';
import type { Plot } from '../contracts/catalogue.ts';
import { placesOfOrder, type AudienceQuantities } from './quantities.ts';
import { fitsFree } from './slot-rules.ts';

/**
 * A time slot is listed only if the ordered amount fits (or its capacity is unlimited) and its
 * order limit is not reached (the rules of slot-rules.ts, on what the plots answer says).
 */
export function isSlotListed(plot: Plot, amount: number): boolean {
  return fitsFree(plot.availability.amount, plot.capacity, amount) && !plot.maxOrdersReached;
}

/** Selectable by the server's rules (upcoming: a past slot never is) and listed for the amount. */
function isChoosable(plot: Plot, amount: number): boolean {
  return plot.selectable && isSlotListed(plot, amount);
}

/** A date is selectable when some plot that day is selectable and has room for the amount. */
export function selectableDates(plots: readonly Plot[], amount: number): Set<string> {
  return new Set(plots.filter((plot) => isChoosable(plot, amount)).map((plot) => plot.date));
}

/** Whole-day plots (no start time) come before timed ones; then by start time, then id. */
function byDateAndTime(a: Plot, b: Plot): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  const startA = a.time.start ?? '';
  const startB = b.time.start ?? '';
  if (startA !== startB) return startA < startB ? -1 : 1;
  return a.id - b.id;
}

/** The time slots that can be chosen on a date, earliest first: a slot that has started is not offered. */
export function plotsOnDate(plots: readonly Plot[], date: string, amount: number): Plot[] {
  return plots.filter((plot) => plot.date === date && isChoosable(plot, amount)).sort(byDateAndTime);
}

/**
 * The plot the calendar opens on. Exactly one plot that can be chosen: it is chosen and the flow moves on by itself.
 * Otherwise the earliest selectable, listed plot that is not today is preselected (today's slots
 * may be about to start, so the visitor picks them deliberately) and the visitor confirms.
 * `today` is YYYY-MM-DD in the organisation's timezone.
 */
export function preselectPlot(plots: readonly Plot[], today: string, amount: number): { plot: Plot; autoProceed: boolean } | null {
  const [only] = plots;
  if (plots.length === 1 && only && isChoosable(only, amount)) return { plot: only, autoProceed: true };
  const first = [...plots].sort(byDateAndTime).find((plot) => plot.date !== today && isChoosable(plot, amount));
  return first ? { plot: first, autoProceed: false } : null;
}

/** One product order of the cart: its slot (null: none chosen yet) and its quantities. */
export interface CartOrder {
  plotId: number | null;
  quantity: number;
  audiences: AudienceQuantities;
}

/** Places the cart's orders hold on a plot (spec section 4, Cart). */
export function placesOnPlot(cart: readonly CartOrder[], plotId: number): number {
  return cart.reduce((total, order) => (order.plotId === plotId ? total + placesOfOrder(order) : total), 0);
}

/** The plot as the storefront shows it beside this cart: every view of availability (slot step, calendar) uses this. */
export function plotBesideCart(plot: Plot, cart: readonly CartOrder[]): Plot {
  return plotInCartReduction(plot, placesOnPlot(cart, plot.id));
}

/**
 * The plot as the storefront shows it while the cart already holds `inCartQuantity` places on it:
 * availability reduced locally, percentage recomputed over capacity and rounded (spec section 4, Cart).
 */
export function plotInCartReduction(plot: Plot, inCartQuantity: number): Plot {
  const availability = reduceByCart(plot.availability, plot.capacity, inCartQuantity);
  return availability === plot.availability ? plot : { ...plot, availability };
}

/**
 * The slot a booking being moved holds `ownPlaces` on, as the plots answer lists it with
 * `rebookPlot` (slot-rules.ts `slotWithOwnBooking`: the server counts the `ordered` places as the
 * booking's own, freed). When more is ordered than the booking holds, the surplus is not the
 * booking's: it is taken off again here, so the slot shows what the move can really take.
 */
export function ownSlotAsMoved(plot: Plot, ordered: number, ownPlaces: number): Plot {
  const surplus = Math.max(0, ordered - ownPlaces);
  if (surplus === 0 || plot.capacity === null) return plot;
  const amount = Math.max(0, plot.availability.amount - surplus);
  return { ...plot, availability: { amount, percentage: availablePercentage(amount, plot.capacity) } };
}

/**
 * A slot with places held for this visitor (a waiting-list link): those places are theirs, so the
 * slot shows them as free and may be chosen for up to that many (the server checks the hold).
 */
export function withHeldPlaces(plot: Plot, heldPlaces: number): Plot {
  if (plot.capacity === null || heldPlaces <= 0) return plot;
  const amount = plot.availability.amount + heldPlaces;
  return { ...plot, selectable: true, availability: { amount, percentage: availablePercentage(amount, plot.capacity) } };
}
