/**
 * Whether a plot can be chosen, given the places it has left and the shop's clock. Which dates
 * and slots the storefront then shows (spec section 5) is the storefront's business.
 */
import type { PlotAvailability } from '../../../../src/domain/contracts/catalogue.ts';
import { availableAmount, availablePercentage } from '../../../../src/domain/availability.ts';
import type { ShopMoment } from './shop-time.ts';

export interface PlotCapacity {
  /** null: unlimited. */
  capacity: number | null;
  /** Sold and reserved places plus unexpired holds. */
  taken: number;
}

export function plotAvailability({ capacity, taken }: PlotCapacity): PlotAvailability {
  const amount = availableAmount({ capacity, taken });
  return { amount, percentage: availablePercentage(amount, capacity) };
}

export function isMaxOrdersReached(plot: { maxOrders: number | null; orderCount: number }): boolean {
  return plot.maxOrders !== null && plot.orderCount >= plot.maxOrders;
}

/** A plot that starts later today, or on a later day; whole-day plots (no start) count all day. */
export function isUpcoming(plot: { date: string; startTime: string | null }, now: ShopMoment): boolean {
  if (plot.date !== now.date) return plot.date > now.date;
  return plot.startTime === null || plot.startTime > now.time;
}

export interface SelectablePlot extends PlotCapacity {
  date: string;
  startTime: string | null;
  maxOrders: number | null;
  orderCount: number;
}

/** Upcoming, room for `places` (unlimited always has room), and its order limit not reached. */
export function isSelectable(plot: SelectablePlot, places: number, now: ShopMoment): boolean {
  const hasRoom = plot.capacity === null || availableAmount(plot) >= places;
  return isUpcoming(plot, now) && hasRoom && !isMaxOrdersReached(plot);
}
