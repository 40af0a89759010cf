/**
 * A validated rebooking as the product flow's order (spec section 4, Rebook): the old booking's
 * tickets, audiences and extras preloaded, the date and time still to choose. The submission's
 * `rebook` and `rebook_secret` ride on the order (see order-lines.ts).
 */
import type { Product } from '../../domain/contracts/catalogue.ts';
import type { RebookValidation } from '../../domain/contracts/rebook.ts';
import { initialAudienceQuantities } from '../../domain/order/quantities.ts';
import type { ProductOrderDraft } from '../../lib/cart-store.ts';

export function rebookDraft(validation: RebookValidation, secret: string, product: Product): ProductOrderDraft {
  const booked = validation.quantity.product;
  const byAudience = typeof booked !== 'number';
  const audiences = byAudience
    ? { ...initialAudienceQuantities(product.audiences), ...Object.fromEntries(Object.entries(booked).map(([id, count]) => [Number(id), count])) }
    : {};
  return {
    productId: product.id,
    slug: product.slug,
    // Straight to the new date; Back leads to the quantities.
    step: product.options.days ? 'plot' : 'quantity',
    quantity: byAudience ? 0 : booked,
    audiences,
    date: null,
    plotId: null,
    upsells: Object.fromEntries(Object.entries(validation.quantity.upsell).map(([id, count]) => [id, { quantity: count }])),
    rebook: { hash: validation.hash, plot: validation.plot, secret },
  };
}

/** Whether the current order is this rebooking (and not a plain order of the same product). */
export function isRebookOf(order: ProductOrderDraft | null, validation: RebookValidation): boolean {
  return order?.rebook?.hash === validation.hash && order.productId === validation.product;
}
