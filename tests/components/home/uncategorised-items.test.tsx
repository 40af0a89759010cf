import { describe, expect, it } from 'vitest';
import { homeListing, NO_SESSION } from '../../../src/features/home/home-listing.ts';
import { reachableCategories, rootCategories, uncategorisedItems } from '../../../src/features/home/uncategorised-items.ts';
import { categories, category, homeProducts, product, voucher } from '../components/shop-fixtures.ts';

const slugs = (items: readonly { slug: string }[]) => items.map((item) => item.slug);

describe('uncategorisedItems', () => {
  it('keeps only the items no category holds, child categories included', () => {
    const rest = uncategorisedItems(homeProducts, categories);
    expect(slugs(rest.products)).toEqual(['zoo-guidebook']);
    expect(rest.subscriptions).toEqual([]);
    expect(rest.vouchers).toEqual([]);
  });

  it('compares ids per kind: a product and a voucher may share an id', () => {
    const items = { products: [product(7, 'map', 'Map', 1)], subscriptions: [], vouchers: [voucher(7, 'gift', 'Gift', 25)] };
    const rest = uncategorisedItems(items, [category(1, 'shop', 'Shop', { products: [7] })]);
    expect(slugs(rest.products)).toEqual([]);
    expect(slugs(rest.vouchers)).toEqual(['gift']);
  });

  it('does not count categories a visitor cannot reach (draft, or under a draft parent)', () => {
    const items = { products: [product(1, 'a', 'A', 1), product(2, 'b', 'B', 1), product(3, 'c', 'C', 1)], subscriptions: [], vouchers: [] };
    const tree = [
      category(1, 'draft', 'Draft', { state: 'DRAFT', products: [1] }),
      category(2, 'orphan', 'Under a draft', { parent: 1, products: [2] }),
      category(3, 'listed', 'Listed', { products: [3] }),
    ];
    expect(reachableCategories(tree).map((entry) => entry.slug)).toEqual(['listed']);
    expect(slugs(uncategorisedItems(items, tree).products)).toEqual(['a', 'b']);
  });

  it('returns every item when there are no categories', () => {
    expect(uncategorisedItems(homeProducts, [])).toEqual(homeProducts);
  });
});

describe('rootCategories', () => {
  it('lists the published top-level categories in sort order', () => {
    const tree = [category(5, 'b', 'B', { sort: 2 }), ...categories, category(6, 'invisible', 'Invisible', { state: 'INVISIBLE' })];
    expect(rootCategories(tree).map((entry) => entry.slug)).toEqual(['day-tickets', 'b', 'memberships-and-gifts']);
  });
});

describe('homeListing', () => {
  it('shows root categories and the uncategorised items', () => {
    const listing = homeListing(homeProducts, categories, NO_SESSION);
    expect(slugs(listing.categories)).toEqual(['day-tickets', 'memberships-and-gifts']);
    expect(slugs(listing.products)).toEqual(['zoo-guidebook']);
    expect(listing.subscriptions).toEqual([]);
    expect(listing.currentSubscriptionId).toBeNull();
  });

  it('lists everything flat when no category is listed', () => {
    const listing = homeListing(homeProducts, [category(9, 'draft', 'Draft', { state: 'DRAFT', products: [1] })], NO_SESSION);
    expect(listing.categories).toEqual([]);
    expect(listing.products).toHaveLength(homeProducts.products.length);
    expect(listing.subscriptions).toHaveLength(2);
    expect(listing.vouchers).toHaveLength(1);
  });

  it('never lists items that are not published', () => {
    const items = { ...homeProducts, products: [product(1, 'secret', 'Secret', 49, { state: 'INVISIBLE' }), product(2, 'open', 'Open', 5)] };
    expect(slugs(homeListing(items, [], NO_SESSION).products)).toEqual(['open']);
  });

  it('hides subscriptions and vouchers while the product cart holds items', () => {
    const listing = homeListing(homeProducts, [], { cartHasItems: true, renewalSubscriptionId: null });
    expect(listing.products).toHaveLength(6);
    expect(listing.subscriptions).toEqual([]);
    expect(listing.vouchers).toEqual([]);
  });

  it('during a renewal hides products and categories and marks the current subscription', () => {
    const listing = homeListing(homeProducts, categories, { cartHasItems: false, renewalSubscriptionId: 10 });
    expect(listing.categories).toEqual([]);
    expect(listing.products).toEqual([]);
    expect(slugs(listing.subscriptions)).toEqual(['family-membership', 'online-aquarium-pass']);
    expect(listing.currentSubscriptionId).toBe(10);
  });
});
