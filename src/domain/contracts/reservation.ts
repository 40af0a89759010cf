/**
 * GET /api/reservation/{hash} (spec sections 3 and 7, Reservation): a reserved order with the other
 * items of the same checkout. Amounts are 2-decimal numbers at this edge; the view formats them.
 */
import type { Customer, CustomerFieldValue } from '../customer.ts';
import { sumCents, toAmount, toCents } from '../money.ts';
import type { CapacityType, PriceType } from './catalogue.ts';

export type ReservationFieldValue = CustomerFieldValue;

/** The customer as the order holds it: the one `Customer` (src/domain/customer.ts). */
export type ReservationCustomer = Customer;

export interface ReservationRecord {
  id: number;
  hash: string;
  customer: ReservationCustomer;
}

export interface ReservationAudienceLine {
  id: number;
  name: string;
  quantity: number;
  /** Price of one ticket of this audience. */
  price: number;
}

export interface ReservationProduct {
  id: number;
  title: string;
  quantity: number;
  audiences: ReservationAudienceLine[];
  /** null for a product without days. `time.start` null means the whole day. */
  plot: { id: number; date: string; time: { start: string | null; end: string | null } } | null;
  /** What the tickets of this reservation cost together, before the discount. */
  price: number;
  /** The discount on this reservation (0 when none). */
  discount: number;
  types: { price: PriceType; capacity: CapacityType };
}

export interface ReservationUpsell {
  id: number;
  title: string;
  quantity: number;
  /** Price of one. */
  price: number;
}

/** Another item reserved in the same checkout; its details are its own reservation, asked by hash. */
export interface ReservationReference {
  id: number;
  hash: string;
}

export interface ReservationResponse {
  reservation: ReservationRecord;
  product: ReservationProduct;
  upsells: ReservationUpsell[];
  /** The other items reserved in the same checkout. */
  additional_reservations: ReservationReference[];
  /** When the reserved places stop being kept (ISO date-time); null: kept until paid or cancelled. */
  expiration_date: string | null;
  /** Whether the customer may change the reservation (spec section 6; default true). */
  allow_changes: boolean;
  rebooking_secret: string | null;
}

/** What one reservation card shows. */
export type ReservationPart = Pick<ReservationResponse, 'reservation' | 'product' | 'upsells'>;

export interface ReservationPartTotals {
  product: number;
  upsells: number;
  discount: number;
  /** product + upsells - discount (spec section 9, Reservation total, for one part). */
  subtotal: number;
}

/** What a line of `quantity` at `price` each costs, in cents so no binary drift shows. */
export function lineTotal(line: { quantity: number; price: number }): number {
  return toAmount(toCents(line.price) * line.quantity);
}

/** The per-part subtotals of a reservation card, summed in cents. */
export function reservationPartTotals(part: ReservationPart): ReservationPartTotals {
  const product = toCents(part.product.price);
  const upsells = sumCents(part.upsells.map((upsell) => toCents(upsell.price) * upsell.quantity));
  const discount = toCents(part.product.discount);
  return {
    product: toAmount(product),
    upsells: toAmount(upsells),
    discount: toAmount(discount),
    subtotal: toAmount(product + upsells - discount),
  };
}
