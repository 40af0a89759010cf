/** A product page: the product with audiences, upsells, cross-sells and what is left to book. */
import type { Product, Upsell } from '#domain/contracts/catalogue.ts';
import type { Language } from '#domain/languages.ts';
import type { Clock } from '../../../clock.ts';
import type { Database } from '../../../db/client.ts';
import { notFound } from '../../../errors.ts';
import { loadShopLocale } from '../../organisation/index.ts';
import { createPlotService } from '../plots/plot.service.ts';
import { readingFor } from '../reading.ts';
import { toUpsell } from '../upsells/upsell.mapper.ts';
import { listProductUpsells } from '../upsells/upsell.repo.ts';
import { toProduct } from './product.mapper.ts';
import { findServedProduct, listCrossSells, listProductAudiences, readCatalogueVersion, type ProductRow } from './product.repo.ts';

/** Product pages kept per process (one per product and asked-for language). */
const MAX_KEPT_PAGES = 2000;

/** A product page as it was read at a catalogue version, with what its availability is read with. */
interface KeptPage {
  version: number;
  product: Pick<ProductRow, 'id' | 'hasDays'>;
  timezone: string;
  /** The page's JSON before and after its availability's value, written once. */
  before: string;
  after: string;
}

/** A value no page holds: the page is written with it as its availability, then cut around it. */
const AVAILABILITY_MARK = -0.5;

/**
 * The page's JSON cut around its availability's value. The key is matched with its quotes and the
 * mark, which a text inside the page could only hold escaped: the one match is the page's own field.
 */
function splitAtAvailability(page: Product): { before: string; after: string } {
  const json = JSON.stringify({ ...page, availability: AVAILABILITY_MARK });
  const key = `"availability":${AVAILABILITY_MARK}`;
  const at = json.indexOf(key);
  if (at < 0 || json.includes(key, at + 1)) throw new Error('a product page must hold its availability once');
  return { before: json.slice(0, at + '"availability":'.length), after: json.slice(at + key.length) };
}

export function createProductService({ db, clock }: { db: Database; clock: Clock }) {
  const plots = createPlotService({ db, clock });
  // Everything on a product page but its availability is catalogue data, which moves the catalogue
  // version (db/schema catalogue_version) whenever it changes: a kept page is answered again as long
  // as the version it was read at is the database's, checked by the same statement that reads the
  // availability. So an answer costs one round trip, and it is never stale.
  const kept = new Map<string, KeptPage>();

  async function servedProduct(id: number): Promise<ProductRow> {
    const product = await findServedProduct(db, id);
    if (!product) throw notFound('No such product');
    return product;
  }

  async function readPage(id: number, requested: Language | null): Promise<KeptPage & { availability: number }> {
    // The version before the parts: parts changed meanwhile are kept under the older version and read again.
    const version = await readCatalogueVersion(db);
    // All at once: round trips, not the queries, are what a product read waits for.
    const [product, locale, audiences, upsells, crossSells] = await Promise.all([
      findServedProduct(db, id),
      loadShopLocale(db),
      listProductAudiences(db, id),
      listProductUpsells(db, id),
      listCrossSells(db, id),
    ]);
    if (!product) throw notFound('No such product');
    const { availability } = await plots.productAvailability(product, locale.timezone);
    const page = toProduct({ product, audiences, upsells, crossSells, availability }, readingFor(requested, locale));
    return { version, product: { id: product.id, hasDays: product.hasDays }, timezone: locale.timezone, ...splitAtAvailability(page), availability };
  }

  return {
    /** The product page's JSON: a kept page's, with its availability read now, in one round trip. */
    async getProductJson(id: number, requested: Language | null): Promise<string> {
      const key = `${id}:${requested ?? ''}`;
      const known = kept.get(key);
      if (known) {
        const { availability, version } = await plots.productAvailability(known.product, known.timezone);
        if (version === known.version) return `${known.before}${availability}${known.after}`;
      }
      const { availability, ...keep } = await readPage(id, requested);
      kept.delete(key);
      kept.set(key, keep);
      if (kept.size > MAX_KEPT_PAGES) kept.delete(kept.keys().next().value as string);
      return `${keep.before}${availability}${keep.after}`;
    },

    async listUpsells(id: number, requested: Language | null): Promise<Upsell[]> {
      await servedProduct(id);
      const [locale, upsells] = await Promise.all([loadShopLocale(db), listProductUpsells(db, id)]);
      const reading = readingFor(requested, locale);
      return upsells.map((upsell) => toUpsell(upsell, reading));
    },
  };
}
