/** A validated rebooking as the booking the product flow moves (src/lib/booking-move-store.ts). */
import type { RebookValidation } from '#domain/contracts/rebook.ts';
import type { BookingMove } from '../../lib/booking-move-store.ts';

export function rebookMove(validation: RebookValidation, secret: string): BookingMove {
  return {
    kind: 'rebook',
    secret,
    // A rebooking is named by its move token (valid an hour, for this move only), not the order's hash.
    hash: validation.token,
    productId: validation.product,
    plot: validation.plot,
    // A rebooking chooses a new day.
    date: null,
    quantity: validation.quantity.product,
    upsells: validation.quantity.upsell,
    customer: validation.customer,
  };
}
