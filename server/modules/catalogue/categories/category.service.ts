/**
 * The category tree and a category page. The tree lists every served category with the ids of
 * its served items; a page shows only listed (PUBLISHED) items, as cards.
 */
import type { Category, CategoryListItem } from '#domain/contracts/catalogue.ts';
import type { Language } from '#domain/languages.ts';
import type { Database } from '../../../db/client.ts';
import { notFound } from '../../../errors.ts';
import { loadShopLocale } from '../../organisation/index.ts';
import { toProductSummary } from '../products/product.mapper.ts';
import { listProducts } from '../products/product.repo.ts';
import { readingFor } from '../reading.ts';
import { LISTED_STATES, SERVED_STATES } from '../served-states.ts';
import { toSubscriptionSummary } from '../subscriptions/subscription.mapper.ts';
import { listSubscriptions } from '../subscriptions/subscription.repo.ts';
import { toVoucherSummary } from '../vouchers/voucher.mapper.ts';
import { listVouchers } from '../vouchers/voucher.repo.ts';
import { inOrderOf, toCategory, toCategoryListItem } from './category.mapper.ts';
import { listCategoryItemLinks, listServedCategories } from './category.repo.ts';

export function createCategoryService({ db }: { db: Database }) {
  return {
    async listCategories(requested: Language | null): Promise<CategoryListItem[]> {
      const [locale, tree, links] = await Promise.all([loadShopLocale(db), listServedCategories(db), listCategoryItemLinks(db, { states: SERVED_STATES })]);
      const reading = readingFor(requested, locale);
      return tree.map((row) => toCategoryListItem(row, tree, links, reading));
    },

    async getCategory(id: number, requested: Language | null): Promise<Category> {
      const [locale, tree, servedLinks, listedLinks] = await Promise.all([
        loadShopLocale(db),
        listServedCategories(db),
        listCategoryItemLinks(db, { states: SERVED_STATES }),
        listCategoryItemLinks(db, { states: LISTED_STATES, categoryId: id }),
      ]);
      const row = tree.find((category) => category.id === id);
      if (!row) throw notFound('No such category');
      const reading = readingFor(requested, locale);

      const productIds = listedLinks.products.map((link) => link.itemId);
      const subscriptionIds = listedLinks.subscriptions.map((link) => link.itemId);
      const voucherIds = listedLinks.vouchers.map((link) => link.itemId);
      const [products, subscriptions, vouchers] = await Promise.all([
        listProducts(db, { states: LISTED_STATES, ids: productIds }),
        listSubscriptions(db, { states: LISTED_STATES, ids: subscriptionIds }),
        listVouchers(db, { states: LISTED_STATES, ids: voucherIds }),
      ]);

      return toCategory({
        category: toCategoryListItem(row, tree, servedLinks, reading),
        children: tree.filter((other) => other.parentId === id).map((child) => toCategoryListItem(child, tree, servedLinks, reading)),
        products: inOrderOf(products, productIds).map((product) => toProductSummary(product, reading)),
        subscriptions: inOrderOf(subscriptions, subscriptionIds).map((subscription) => toSubscriptionSummary(subscription, reading)),
        vouchers: inOrderOf(vouchers, voucherIds).map((voucher) => toVoucherSummary(voucher, reading)),
      });
    },
  };
}
