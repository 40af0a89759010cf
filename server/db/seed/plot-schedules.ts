/**
 * When each demo product can be booked (docs/demo-shop.md, Products): the slots per weekday,
 * and the weekly sold-out / nearly-full slots that make availability colours visible.
 */
import { FRIDAY, isWorkingDay, SATURDAY, SUNDAY } from './calendar-days.ts';
import type { ProductSlug } from './demo-keys.ts';

/** "Nearly full" in the demo contract means at most 3 places left; we leave exactly 3. */
export const NEARLY_FULL_PLACES_LEFT = 3;

export interface Slot {
  /** 'HH:MM:SS'; null for a whole-day plot. */
  start: string | null;
  end: string | null;
}

export interface WeeklyPlacesLeft {
  weekday: number;
  start: string;
  placesLeft: number;
}

export interface PlotSchedule {
  /** null: unlimited. */
  capacity: number | null;
  priceCents?: number;
  maxOrders?: number;
  slotsOn(weekday: number): Slot[];
  /** Slots that start (part) sold on every such weekday, top-ups included. */
  weekly?: WeeklyPlacesLeft[];
}

const slot = (start: string, end: string): Slot => ({ start: `${start}:00`, end: `${end}:00` });

const AQUARIUM_HOURS = [10, 11, 12, 13, 14, 15, 16].map((hour) => slot(`${hour}:00`, `${hour + 1}:00`));

export const PLOTTED_PRODUCT_SLUGS = [
  'aquarium-entry',
  'zoo-day-ticket',
  'behind-the-scenes',
  'school-group-visit',
  'penguin-feeding',
  'night-at-the-aquarium',
] as const satisfies readonly ProductSlug[];
export type PlottedProductSlug = (typeof PLOTTED_PRODUCT_SLUGS)[number];

export const PLOT_SCHEDULES: Record<PlottedProductSlug, PlotSchedule> = {
  'aquarium-entry': {
    capacity: 40,
    slotsOn: () => AQUARIUM_HOURS,
    weekly: [
      { weekday: SATURDAY, start: '11:00:00', placesLeft: 0 },
      { weekday: SUNDAY, start: '15:00:00', placesLeft: NEARLY_FULL_PLACES_LEFT },
    ],
  },
  // One whole-day plot per day without a capacity.
  'zoo-day-ticket': { capacity: null, slotsOn: () => [{ start: null, end: null }] },
  'behind-the-scenes': {
    capacity: 8,
    priceCents: 3500,
    slotsOn: (weekday) => {
      if (isWorkingDay(weekday)) return [slot('09:00', '10:30'), slot('15:00', '16:30')];
      if (weekday === SATURDAY) return [slot('11:00', '12:30')];
      return [];
    },
  },
  'school-group-visit': {
    capacity: 60,
    maxOrders: 2,
    slotsOn: (weekday) => (isWorkingDay(weekday) ? [slot('09:30', '12:00')] : []),
  },
  'penguin-feeding': { capacity: 25, slotsOn: () => [slot('11:30', '12:00'), slot('15:30', '16:00')] },
  'night-at-the-aquarium': { capacity: 30, slotsOn: (weekday) => (weekday === FRIDAY ? [slot('19:00', '23:00')] : []) },
};

/**
 * Sold-out / nearly-full slots relative to the day of the FIRST seed (day +1, day +2). They are
 * applied once by the seed, never by a top-up, so they stay on those calendar days.
 */
export const FIRST_SEED_PLACES_LEFT: { slug: PlottedProductSlug; dayOffset: number; start: string; placesLeft: number }[] = [
  { slug: 'aquarium-entry', dayOffset: 1, start: '13:00:00', placesLeft: NEARLY_FULL_PLACES_LEFT },
  { slug: 'aquarium-entry', dayOffset: 2, start: '14:00:00', placesLeft: 0 },
];
