/** The home page's cards: every listed (PUBLISHED) item; INVISIBLE ones are reachable only by link. */
import type { HomeProducts } from '#domain/contracts/catalogue.ts';
import type { Language } from '#domain/languages.ts';
import type { Database } from '../../../db/client.ts';
import { loadShopLocale } from '../../organisation/index.ts';
import { toProductSummary } from '../products/product.mapper.ts';
import { listProducts } from '../products/product.repo.ts';
import { readingFor } from '../reading.ts';
import { LISTED_STATES } from '../served-states.ts';
import { toSubscriptionSummary } from '../subscriptions/subscription.mapper.ts';
import { listSubscriptions } from '../subscriptions/subscription.repo.ts';
import { toVoucherSummary } from '../vouchers/voucher.mapper.ts';
import { listVouchers } from '../vouchers/voucher.repo.ts';

export function createHomeService({ db }: { db: Database }) {
  return {
    async listHomeProducts(requested: Language | null): Promise<HomeProducts> {
      const [locale, products, subscriptions, vouchers] = await Promise.all([
        loadShopLocale(db),
        listProducts(db, { states: LISTED_STATES }),
        listSubscriptions(db, { states: LISTED_STATES }),
        listVouchers(db, { states: LISTED_STATES }),
      ]);
      const reading = readingFor(requested, locale);
      return {
        products: products.map((product) => toProductSummary(product, reading)),
        subscriptions: subscriptions.map((subscription) => toSubscriptionSummary(subscription, reading)),
        vouchers: vouchers.map((voucher) => toVoucherSummary(voucher, reading)),
      };
    },
  };
}
