/** A reservation as the booking the product flow moves when it is changed (src/lib/booking-move-store.ts). */
import type { ReservationResponse } from '#domain/contracts/reservation.ts';
import type { BookingMove } from '../../lib/booking-move-store.ts';

export function reservationMove(answer: ReservationResponse): BookingMove {
  const audiences = answer.product.audiences.filter((audience) => audience.quantity > 0);
  return {
    kind: 'change',
    hash: answer.reservation.hash,
    productId: answer.product.id,
    plot: answer.product.plot?.id ?? null,
    date: answer.product.plot?.date ?? null,
    quantity: audiences.length > 0 ? Object.fromEntries(audiences.map((audience) => [String(audience.id), audience.quantity])) : answer.product.quantity,
    upsells: Object.fromEntries(answer.upsells.filter((upsell) => upsell.quantity > 0).map((upsell) => [String(upsell.id), upsell.quantity])),
    customer: answer.reservation.customer,
  };
}
