/**
 * The cart as the API reads it (POST /api/orders order lines, spec section 7) and the plots query
 * of an order. Pure translation of what the visitor chose; no price is decided here.
 */
import type { Product } from '#domain/contracts/catalogue.ts';
import type { OrderLineRequest } from '#domain/contracts/orders.ts';
import type { ReservationChangeRequest } from '#domain/contracts/reservation-actions.schema.ts';
import { toAmount } from '#domain/money.ts';
import { placesOfOrder, wholeQuantity } from '#domain/order/quantities.ts';
import type { PlotOrder } from '#domain/plot-query.ts';
import type { ProductOrderDraft } from '../../lib/cart-store.ts';

/** Whether the order is booked per audience (its audiences map holds the visible audiences). */
export function isAudienceOrder(order: ProductOrderDraft): boolean {
  return Object.keys(order.audiences).length > 0;
}

/** How many places the order takes. */
export function orderedAmount(order: ProductOrderDraft): number {
  return placesOfOrder(order);
}

/** The order part of the plots query: one quantity, or the audiences with a quantity. */
export function plotOrderOf(order: ProductOrderDraft): PlotOrder {
  if (!isAudienceOrder(order)) return { quantity: wholeQuantity(order.quantity) };
  const audiences = Object.entries(order.audiences)
    .map(([id, quantity]) => ({ id: Number(id), quantity: wholeQuantity(quantity) }))
    .filter((audience) => audience.quantity > 0);
  return { audiences };
}

/**
 * The current order can be priced once it has places and, for products with days, a slot.
 * Earlier cart items always can (they reached the customer step).
 */
export function isPriceable(order: ProductOrderDraft, product: Product | undefined): boolean {
  if (!product || orderedAmount(order) === 0) return false;
  return !product.options.days || order.plotId !== null;
}

export function orderLine(order: ProductOrderDraft): OrderLineRequest {
  const audiences: OrderLineRequest['audiences'] = {};
  for (const [id, quantity] of Object.entries(order.audiences)) {
    if (wholeQuantity(quantity) > 0) audiences[id] = { quantity: wholeQuantity(quantity) };
  }
  const upsells: OrderLineRequest['upsells'] = {};
  for (const [id, choice] of Object.entries(order.upsells)) {
    if (choice.quantity <= 0) continue;
    upsells[id] = choice.donationCents === undefined ? { quantity: choice.quantity } : { quantity: choice.quantity, price: toAmount(choice.donationCents) };
  }
  return {
    product: { id: order.productId, plot: order.plotId, quantity: orderedAmount(order) },
    audiences,
    upsells,
    ...(order.subscription ? { subscription: order.subscription } : {}),
    ...(order.move?.kind === 'rebook' ? { rebook: order.move.hash, rebook_secret: order.move.secret } : {}),
  };
}

/**
 * A reservation change as POST /api/reservation/{hash}/change reads it: the new slot and the
 * quantities (per audience when booked so); null until a slot is chosen. Its extras stay as reserved.
 */
export function reservationChangeOf(order: ProductOrderDraft): ReservationChangeRequest | null {
  if (order.move?.kind !== 'change' || order.plotId === null || orderedAmount(order) === 0) return null;
  const line = orderLine(order);
  return isAudienceOrder(order)
    ? { plot: order.plotId, quantity: line.product.quantity, audiences: line.audiences }
    : { plot: order.plotId, quantity: line.product.quantity };
}
