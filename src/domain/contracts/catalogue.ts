/**
 * Wire shapes of the catalogue endpoints (spec sections 3 and 7), shared by the API that answers
 * them and the storefront that reads them. Field names are the spec's; amounts are 2-decimal numbers.
 */
import type { CatalogueState } from '../catalogue-state.ts';

export type PriceType = 'FIXED' | 'AUDIENCE' | 'DYNAMIC' | 'PLOT' | 'DAY' | 'TIMESLOT';
export type CapacityType = 'NONE' | 'LIMITED';
export type UpsellType = 'STANDARD' | 'DONATION';
export type SubscriptionType = 'PHYSICAL' | 'ONLINE';

export interface Audience {
  id: number;
  name: string;
  description: string | null;
  price: number;
  min_quantity: number;
  max_quantity: number;
  /** Read-only stepper with a minimum of 1. */
  fixed_quantity: boolean;
  group: string | null;
  /** May only be booked together with a non-dependant audience (a child with an adult). */
  dependant: boolean;
  /** Not offered in the storefront (for example a staff rate). */
  hidden: boolean;
}

export interface Upsell {
  id: number;
  title: string;
  description: string | null;
  image: string | null;
  price: number;
  max_quantity: number;
  upsell_type: UpsellType;
  /** Step of the donation amount stepper; null for STANDARD upsells. */
  donation_step: number | null;
}

/** The card shown on home and category pages, and what a cross-sell points at. */
export interface ProductSummary {
  id: number;
  slug: string;
  title: string;
  description: string | null;
  image: string | null;
  label: string | null;
  state: CatalogueState;
  visible: boolean;
  price: number;
  full: false;
}

export interface Product extends Omit<ProductSummary, 'full'> {
  full: true;
  types: { price: PriceType; capacity: CapacityType };
  options: { days: boolean; timeslots: boolean; audiences: boolean };
  settings: { show_end_time: boolean; show_availability: boolean };
  min_quantity: number;
  max_quantity: number;
  allow_reservations: boolean;
  /**
   * The most places any upcoming selectable plot has left, capped at the unlimited value of 999;
   * 999 for products without days. 0 when no plot can be chosen.
   */
  availability: number;
  audiences: Audience[];
  upsells: Upsell[];
  cross_sells: ProductSummary[];
  /** Plots are served by their own endpoint; the product carries none. */
  plots: [];
}

export interface PlotAvailability {
  amount: number;
  /** Availability over capacity, 0-100, rounded. 100 for unlimited capacity. */
  percentage: number;
}

export interface Plot {
  id: number;
  /** YYYY-MM-DD in the organisation's timezone. */
  date: string;
  /** HH:MM in the organisation's timezone; null for a whole-day plot. */
  time: { start: string | null; end: string | null };
  /** null when the capacity is unlimited. */
  capacity: number | null;
  availability: PlotAvailability;
  selectable: boolean;
  price: number;
  /**
   * What the ordered quantities cost on this plot (quantity × price, or Σ audience quantity × audience
   * price); without an order, the cheapest single ticket on it.
   */
  lowestTotalPrice: number;
  maxOrdersReached: boolean;
  audiencePrices: { audience: number; price: number }[];
}

export interface SubscriptionAudience {
  id: number;
  name: string;
  description: string | null;
  price: number;
}

export interface SubscriptionSummary {
  id: number;
  slug: string;
  title: string;
  description: string | null;
  image: string | null;
  label: string | null;
  state: CatalogueState;
  type: SubscriptionType;
  price: number;
  full: false;
}

export interface Subscription extends Omit<SubscriptionSummary, 'full'> {
  full: true;
  audiences: SubscriptionAudience[];
  upsells: Upsell[];
  /** Uses per pass; -1 means unlimited. */
  redemptions: number;
  /** Product ids an ONLINE subscription can be redeemed against. */
  products: number[];
}

export interface VoucherValue {
  id: number;
  name: string;
  description: string | null;
  price: number;
  /** How many of this value can still be sold; null when unlimited. */
  availability: number | null;
}

export interface VoucherSummary {
  id: number;
  slug: string;
  title: string;
  description: string | null;
  image: string | null;
  label: string | null;
  state: CatalogueState;
  /** The lowest value, for the card. */
  price: number;
  full: false;
}

export interface Voucher extends Omit<VoucherSummary, 'full'> {
  full: true;
  values: VoucherValue[];
  min_quantity: number;
  max_quantity: number;
  settings: { show_end_time: boolean };
}

/** One entry of GET /api/categories: the tree and which items sit where (ids only). */
export interface CategoryListItem {
  id: number;
  slug: string;
  title: string;
  description: string | null;
  image: string | null;
  parent: number | null;
  children: number[];
  sort: number;
  state: CatalogueState;
  full: false;
  products: number[];
  subscriptions: number[];
  vouchers: number[];
}

/** GET /api/categories/{id}: the category with its listed children and items as cards. */
export interface Category extends Omit<CategoryListItem, 'full' | 'children' | 'products' | 'subscriptions' | 'vouchers'> {
  full: true;
  children: CategoryListItem[];
  products: ProductSummary[];
  subscriptions: SubscriptionSummary[];
  vouchers: VoucherSummary[];
}

/** GET /api/home/products: every listed item, categorised or not. */
export interface HomeProducts {
  products: ProductSummary[];
  subscriptions: SubscriptionSummary[];
  vouchers: VoucherSummary[];
}
