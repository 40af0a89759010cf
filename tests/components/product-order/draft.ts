/** A cart order as the store holds it, for tests that start mid-flow. */
import type { ProductOrderDraft } from '../../../src/lib/cart-store.ts';

export function draft(productId: number, slug: string, extra: Partial<ProductOrderDraft> = {}): ProductOrderDraft {
  return { productId, slug, step: 'quantity', quantity: 1, audiences: {}, date: null, plotId: null, upsells: {}, ...extra };
}
