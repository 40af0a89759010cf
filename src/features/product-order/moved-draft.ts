/**
 * A booking being moved (src/lib/booking-move-store.ts: a rebooking or a reservation change) as
 * the product flow's order (spec section 4): its tickets, audiences and extras preloaded, the date,
 * time and quantities choosable again. Which target the move is sent to rides on the order's
 * `move` (see order-lines.ts and move-actions.tsx).
 */
import type { Product } from '#domain/contracts/catalogue.ts';
import { initialAudienceQuantities } from '#domain/order/quantities.ts';
import type { BookingMove } from '../../lib/booking-move-store.ts';
import type { MovedBooking, ProductOrderDraft } from '../../lib/cart-store.ts';

function movedBooking(move: BookingMove): MovedBooking {
  const { hash, plot } = move;
  const places = typeof move.quantity === 'number' ? move.quantity : Object.values(move.quantity).reduce((sum, count) => sum + count, 0);
  return move.kind === 'rebook' ? { kind: 'rebook', hash, plot, places, secret: move.secret } : { kind: 'change', hash, plot, places };
}

export function movedDraft(move: BookingMove, product: Product): ProductOrderDraft {
  const booked = move.quantity;
  const byAudience = typeof booked !== 'number';
  const audiences = byAudience
    ? { ...initialAudienceQuantities(product.audiences), ...Object.fromEntries(Object.entries(booked).map(([id, count]) => [Number(id), count])) }
    : {};
  // A change stays on its slot until another is chosen; a rebooking chooses a new one.
  const keepsSlot = move.kind === 'change' && move.plot !== null && move.date !== null;
  return {
    productId: product.id,
    slug: product.slug,
    // Straight to the new date; Back leads to the quantities.
    step: product.options.days ? 'plot' : 'quantity',
    quantity: byAudience ? 0 : booked,
    audiences,
    date: keepsSlot ? move.date : null,
    plotId: keepsSlot ? move.plot : null,
    upsells: Object.fromEntries(Object.entries(move.upsells).map(([id, count]) => [id, { quantity: count }])),
    move: movedBooking(move),
  };
}

/** Whether the current order is this move (and not a plain order of the same product, or another move). */
export function isMoveOf(order: ProductOrderDraft | null, move: BookingMove): boolean {
  return order?.move?.kind === move.kind && order.move.hash === move.hash && order.productId === move.productId;
}

/**
 * The booking's own slot as the plot step asks and shows it (a rebooking and a change alike): sent
 * as `rebookPlot`, so the server counts its places there as free, and marked as the current slot.
 */
export function ownSlotOf(move: MovedBooking | null | undefined): { id: number; places: number } | null {
  if (!move || move.plot === null) return null;
  return { id: move.plot, places: move.places };
}
