/** Category rows → `CategoryListItem` and `Category`. Descriptions are HTML, sanitised with the card base (item-card.ts). */
import type { Category, CategoryListItem, ProductSummary, SubscriptionSummary, VoucherSummary } from '#domain/contracts/catalogue.ts';
import { toCardBase } from '../item-card.ts';
import type { Reading } from '../reading.ts';
import type { CategoryItemLink, CategoryItemLinks, CategoryRow } from './category.repo.ts';

function idsIn(links: CategoryItemLink[], categoryId: number): number[] {
  return links.filter((link) => link.categoryId === categoryId).map((link) => link.itemId);
}

/** `tree` is every served category: children are the served ones whose parent this is. */
export function toCategoryListItem(row: CategoryRow, tree: CategoryRow[], links: CategoryItemLinks, reading: Reading): CategoryListItem {
  return {
    ...toCardBase(row, reading),
    parent: row.parentId,
    children: tree.filter((other) => other.parentId === row.id).map((child) => child.id),
    sort: row.sort,
    state: row.state,
    full: false,
    products: idsIn(links.products, row.id),
    subscriptions: idsIn(links.subscriptions, row.id),
    vouchers: idsIn(links.vouchers, row.id),
  };
}

export interface CategoryParts {
  category: CategoryListItem;
  children: CategoryListItem[];
  products: ProductSummary[];
  subscriptions: SubscriptionSummary[];
  vouchers: VoucherSummary[];
}

export function toCategory({ category, children, products, subscriptions, vouchers }: CategoryParts): Category {
  const { full: _listItem, ...item } = category;
  return { ...item, full: true, children, products, subscriptions, vouchers };
}

/** Items in the order of `ids` (the category's own order), leaving out ids that did not load. */
export function inOrderOf<T extends { id: number }>(items: T[], ids: number[]): T[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
