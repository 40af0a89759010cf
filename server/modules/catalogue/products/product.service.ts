/** A product page: the product with audiences, upsells, cross-sells and what is left to book. */
import type { Product, Upsell } from '../../../../src/domain/contracts/catalogue.ts';
import type { Language } from '../../../../src/domain/languages.ts';
import type { Clock } from '../../../clock.ts';
import type { Database } from '../../../db/client.ts';
import { notFound } from '../../../errors.ts';
import { loadShopLocale } from '../../organisation/index.ts';
import { createPlotService } from '../plots/plot.service.ts';
import { readingFor } from '../reading.ts';
import { toUpsell } from '../upsells/upsell.mapper.ts';
import { listProductUpsells } from '../upsells/upsell.repo.ts';
import { toProduct } from './product.mapper.ts';
import { findServedProduct, listCrossSells, listProductAudiences, type ProductRow } from './product.repo.ts';

export function createProductService({ db, clock }: { db: Database; clock: Clock }) {
  const plots = createPlotService({ db, clock });

  async function servedProduct(id: number): Promise<ProductRow> {
    const product = await findServedProduct(db, id);
    if (!product) throw notFound('No such product');
    return product;
  }

  return {
    async getProduct(id: number, requested: Language | null): Promise<Product> {
      // All at once: round trips, not the queries, are what a product read waits for.
      const [product, locale, audiences, upsells, crossSells] = await Promise.all([
        findServedProduct(db, id),
        loadShopLocale(db),
        listProductAudiences(db, id),
        listProductUpsells(db, id),
        listCrossSells(db, id),
      ]);
      if (!product) throw notFound('No such product');
      const availability = await plots.productAvailability(product, locale.timezone);
      return toProduct({ product, audiences, upsells, crossSells, availability }, readingFor(requested, locale));
    },

    async listUpsells(id: number, requested: Language | null): Promise<Upsell[]> {
      await servedProduct(id);
      const [locale, upsells] = await Promise.all([loadShopLocale(db), listProductUpsells(db, id)]);
      const reading = readingFor(requested, locale);
      return upsells.map((upsell) => toUpsell(upsell, reading));
    },
  };
}
