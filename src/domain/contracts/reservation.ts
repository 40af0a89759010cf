/**
 * GET /api/reservation/{hash} (spec sections 3 and 7, Reservation): a reserved order with the other
 * items of the same checkout. Amounts are 2-decimal numbers at this edge; the view formats them.
 * The shape is written once, as the zod schemas in reservation.schema.ts (type-only imports here:
 * the storefront bundles no zod).
 */
import type { z } from 'zod';
import type { Customer, CustomerFieldValue } from '../customer.ts';
import { sumCents, toAmount, toCents } from '../money.ts';
import { additionsCents } from '../order/totals.ts';
import type {
  reservationAudienceLineSchema,
  reservationProductSchema,
  reservationRecordSchema,
  reservationReferenceSchema,
  reservationResponseSchema,
  reservationUpsellSchema,
} from './reservation.schema.ts';

export type ReservationFieldValue = CustomerFieldValue;
/** The customer as the order holds it: the one `Customer` (src/domain/customer.ts; its schema is reservationCustomerSchema). */
export type ReservationCustomer = Customer;
export type ReservationRecord = z.infer<typeof reservationRecordSchema>;
export type ReservationAudienceLine = z.infer<typeof reservationAudienceLineSchema>;
export type ReservationProduct = z.infer<typeof reservationProductSchema>;
export type ReservationUpsell = z.infer<typeof reservationUpsellSchema>;
/** Another item reserved in the same checkout; its details are its own reservation, asked by hash. */
export type ReservationReference = z.infer<typeof reservationReferenceSchema>;
export type ReservationResponse = z.infer<typeof reservationResponseSchema>;

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

/**
 * Spec section 9, Reservation total, from a reservation as answered: products + upsells − discount
 * over every part, plus the organisation's additions as totals.ts's RESERVATION rule adds them
 * (type 1, rebookings, skipped). The amount the payment asks.
 */
export function reservationTotal(parts: readonly ReservationPart[], additions: readonly { amount: number; type: 0 | 1 }[]): number {
  const subtotals = sumCents(parts.map((part) => toCents(reservationPartTotals(part).subtotal)));
  const added = additionsCents(
    'RESERVATION',
    additions.map((addition) => ({ amountCents: toCents(addition.amount), type: addition.type })),
    false,
  );
  return toAmount(subtotals + added);
}
