/** Subscriptions and vouchers are not offered beside a product cart that holds items: one rule for every place (src/domain/cart-exclusive.ts). */
import { describe, expect, it } from 'vitest';
import { categoryOfferedBesideCart, offeredBesideCart, sellableBesideCart } from '#domain/cart-exclusive.ts';

const day = { id: 1, children: [2], products: [10] };
const tours = { id: 2, children: [], products: [11] };
const gifts = { id: 3, children: [4], products: [] };
const giftCards = { id: 4, children: [], products: [] };
const outdoor = { id: 5, children: [6], products: [] };
const walks = { id: 6, children: [], products: [12] };
const all = [day, tours, gifts, giftCards, outdoor, walks];

describe('sold apart from the product cart', () => {
  it('sells products always, subscriptions and vouchers only with an empty cart', () => {
    expect(sellableBesideCart('product', true)).toBe(true);
    expect(sellableBesideCart('subscription', true)).toBe(false);
    expect(sellableBesideCart('voucher', true)).toBe(false);
    expect(sellableBesideCart('subscription', false)).toBe(true);
    expect(sellableBesideCart('voucher', false)).toBe(true);
  });

  it('drops subscriptions and vouchers from a listing while the cart holds items', () => {
    const listing = { products: [1], subscriptions: [2], vouchers: [3] };
    expect(offeredBesideCart(listing, false)).toBe(listing);
    expect(offeredBesideCart(listing, true)).toEqual({ products: [1], subscriptions: [], vouchers: [] });
  });

  it('hides a category with no product in it or below it while the cart holds items', () => {
    expect(all.filter((category) => categoryOfferedBesideCart(category, all, true)).map((category) => category.id)).toEqual([1, 2, 5, 6]);
    expect(all.every((category) => categoryOfferedBesideCart(category, all, false))).toBe(true);
  });

  it('ends on a cycle of categories', () => {
    const a = { id: 1, children: [2], products: [] };
    const b = { id: 2, children: [1], products: [] };
    expect(categoryOfferedBesideCart(a, [a, b], true)).toBe(false);
  });
});
