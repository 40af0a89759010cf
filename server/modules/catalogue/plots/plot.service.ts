/**
 * Plots of a product as the calendar and time-slot list need them: places left, whether each can
 * be chosen for the visitor's order, and its prices.
 */
import { UNLIMITED_AVAILABILITY } from '../../../../src/domain/availability.ts';
import type { Plot } from '../../../../src/domain/contracts/catalogue.ts';
import { addDays, orderedQuantity, PLOT_WINDOW_DAYS, plotOrderBeyondLimits, type PlotOrder, type PlotQuery } from '../../../../src/domain/plot-query.ts';
import type { Clock } from '../../../clock.ts';
import type { Database } from '../../../db/client.ts';
import { AppError, notFound, validationFailed } from '../../../errors.ts';
import { loadShopLocale } from '../../organisation/index.ts';
import {
  findServedProduct,
  listProductAudiences,
  listProducts,
  readCatalogueVersion,
  type ProductAudienceRow,
  type ProductRow,
} from '../products/product.repo.ts';
import { SERVED_STATES } from '../served-states.ts';
import { slotPrices } from '../../../../src/domain/order/pricing.ts';
import { isSelectable, slotWithOwnBooking } from '../../../../src/domain/order/slot-rules.ts';
import type { SlotPrices } from '../../../../src/domain/order/pricing.ts';
import { shopMoment } from '../../../shop-time.ts';
import { toPlot } from './plot.mapper.ts';
import { listPlotCounters, listPlotsWithTaken, placesLeftAndVersion, type PlotRow, type PlotWindow } from './plot.repo.ts';

/** An order of zero places asks for nothing yet: treat it like no order. */
function effectiveOrder(order: PlotOrder | null): PlotOrder | null {
  const places = orderedQuantity(order);
  return places === null || places === 0 ? null : order;
}

/** Products (with their audiences and the shop's timezone) kept per process for the plot listing. */
const MAX_KEPT_PRODUCTS = 500;

/** Listings kept per process (one per product, window and order asked for). */
const MAX_KEPT_LISTINGS = 500;

/**
 * A listing priced at a catalogue version: its plots as read then and the prices worked out for the
 * order. Dates, start times and prices move the version when they change; everything else a plot
 * shows is read again on every answer (plot.repo.ts PlotCounters).
 */
interface KeptListing {
  version: number;
  plots: PricedRow[];
}

/** A plot as listed, with its prices for the order asked about. */
interface PricedRow {
  row: PlotRow;
  prices: SlotPrices;
}

/** What a product's plot listing prices and checks with, as read at a catalogue version. */
interface KeptProduct {
  version: number;
  product: ProductRow;
  audiences: ProductAudienceRow[];
  timezone: string;
}

/** The listing's refusals of an order the product cannot take (400s), or nothing. */
function checkOrder(product: ProductRow, audiences: ProductAudienceRow[], query: PlotQuery): AppError | null {
  const known = new Set(audiences.map((audience) => audience.audienceId));
  if (query.order !== null && 'audiences' in query.order && query.order.audiences.some((line) => !known.has(line.id))) {
    return validationFailed({ 'order[audiences]': 'not_of_product' });
  }
  const audienceMax = new Map(audiences.map((audience) => [audience.audienceId, audience.maxQuantity]));
  const beyond = plotOrderBeyondLimits(query.order, { max: product.maxQuantity, audienceMax });
  if (beyond !== null) {
    return new AppError('QUANTITY_INVALID', 400, `At most ${product.maxQuantity} tickets per order, each audience within its own maximum`, {
      fields: { [beyond]: 'above_max' },
    });
  }
  return null;
}

export function createPlotService({ db, clock }: { db: Database; clock: Clock }) {
  // The product, its audiences and the timezone are catalogue data: kept with the catalogue version
  // they were read at, and used while the listing's own statement finds that version still (else
  // read again). Places, capacities and order limits are never kept: the statement reads them.
  const keptProducts = new Map<number, KeptProduct>();

  // Listings priced at a catalogue version, answered again with their counters read live (one
  // small statement) while the version is still the database's. Only ever used with a kept product
  // (`version` given): its prices and rules were read at that same version.
  const keptListings = new Map<string, KeptListing>();

  function keepListing(key: string, listing: KeptListing): void {
    keptListings.delete(key);
    keptListings.set(key, listing);
    if (keptListings.size > MAX_KEPT_LISTINGS) keptListings.delete(keptListings.keys().next().value as string);
  }

  /** The kept listing's plots with the counters read now, or null when they are not the same plots. */
  async function withLiveCounters(kept: KeptListing, productId: number, window: PlotWindow, now: Date): Promise<PricedRow[] | null> {
    const live = await listPlotCounters(db, productId, window, now);
    if (live.version !== kept.version || live.rows.length !== kept.plots.length) return null;
    const plots: PricedRow[] = [];
    for (const [index, counters] of live.rows.entries()) {
      const known = kept.plots[index];
      if (known === undefined || known.row.id !== counters.id) return null;
      plots.push({ row: { ...known.row, ...counters }, prices: known.prices });
    }
    return plots;
  }

  async function plotsOf(
    product: ProductRow,
    audiences: ProductAudienceRow[],
    query: PlotQuery,
    timezone: string,
    version: number | null,
  ): Promise<Plot[] | null> {
    const now = clock.now();
    const moment = shopMoment(now, timezone);
    const order = effectiveOrder(query.order);
    const places = orderedQuantity(order) ?? 1;

    // The window never reaches into the past: a past plot can be neither chosen nor shown.
    const from = query.filterFrom !== null && query.filterFrom > moment.date ? query.filterFrom : moment.date;
    const window: PlotWindow = { from, until: query.filterUntil, alsoPlotId: query.rebookPlot, direction: query.orderingDir };
    const listingKey = `${product.id}:${JSON.stringify(window)}:${JSON.stringify(order)}`;
    const kept = version === null ? undefined : keptListings.get(listingKey);
    let plots = kept !== undefined && kept.version === version ? await withLiveCounters(kept, product.id, window, now) : null;
    if (plots === null) {
      const listed = await listPlotsWithTaken(db, product.id, window, now);
      // Priced with kept data the catalogue has moved past since: the caller reads it again.
      if (version !== null && listed.version !== version) return null;
      const pricing = { priceType: product.priceType, priceCents: product.priceCents, audiences };
      plots = listed.rows.map((row) => ({
        row,
        prices: slotPrices(
          { priceCents: row.priceCents, audiencePrices: new Map(row.audiencePrices.map((entry) => [entry.audience, entry.cents])) },
          pricing,
          order,
        ),
      }));
      if (version !== null) keepListing(listingKey, { version, plots });
    }
    if (query.rebookPlot !== null && !plots.some(({ row }) => row.id === query.rebookPlot)) {
      throw validationFailed({ rebookPlot: 'not_of_product' });
    }
    return plots.map(({ row: listed, prices }) => {
      // A booking being moved: its own places on its slot count as free (spec section 7, rebookPlot).
      const row = listed.id === query.rebookPlot ? slotWithOwnBooking(listed, places) : listed;
      return toPlot(row, prices, isSelectable(row, places, moment));
    });
  }

  /** The product's listing parts read now, kept under the version read before them (a change meanwhile reads them again). */
  async function readProduct(productId: number): Promise<KeptProduct> {
    const version = await readCatalogueVersion(db);
    const [product, audiences, locale] = await Promise.all([findServedProduct(db, productId), listProductAudiences(db, productId), loadShopLocale(db)]);
    if (!product) throw notFound('No such product');
    const read = { version, product, audiences, timezone: locale.timezone };
    keptProducts.delete(productId);
    keptProducts.set(productId, read);
    if (keptProducts.size > MAX_KEPT_PRODUCTS) keptProducts.delete(keptProducts.keys().next().value as number);
    return read;
  }

  return {
    /** The calendar: every served product with days, each with its plots in the window (for one ticket). */
    async listCalendarPlots(query: PlotQuery): Promise<{ product: number; plots: Plot[] }[]> {
      const locale = await loadShopLocale(db);
      const served = (await listProducts(db, { states: SERVED_STATES })).filter((product) => product.hasDays);
      const answer: { product: number; plots: Plot[] }[] = [];
      for (const product of served) {
        const plots = await plotsOf(product, await listProductAudiences(db, product.id), { ...query, order: null, rebookPlot: null }, locale.timezone, null);
        answer.push({ product: product.id, plots: plots ?? [] });
      }
      return answer;
    },

    /**
     * A product's plots, priced for the order asked about. With the product kept (and the order one
     * it can take), ONE statement: the plots and the catalogue version, which must be the kept one.
     * A refusal is decided on a fresh read only.
     */
    async listPlots(productId: number, query: PlotQuery): Promise<Plot[]> {
      const known = keptProducts.get(productId);
      if (known && checkOrder(known.product, known.audiences, query) === null) {
        const plots = await plotsOf(known.product, known.audiences, query, known.timezone, known.version);
        if (plots !== null) return plots;
      }
      const read = await readProduct(productId);
      const refusal = checkOrder(read.product, read.audiences, query);
      if (refusal !== null) throw refusal;
      return (await plotsOf(read.product, read.audiences, query, read.timezone, null)) ?? [];
    },

    /**
     * Product.availability: the most places any plot of the storefront's window (today and the
     * `PLOT_WINDOW_DAYS` after it, the calendar's look-ahead) has left for one ticket (the slot
     * rules' `isSelectable`), capped at the unlimited value; products without days are not limited
     * by plots. One aggregate row from the database, however far ahead the schedule reaches, with
     * the catalogue version it was read at (what a kept product page is checked against).
     */
    async productAvailability(product: Pick<ProductRow, 'id' | 'hasDays'>, timezone: string): Promise<{ availability: number; version: number }> {
      const now = clock.now();
      const moment = shopMoment(now, timezone);
      const window = { from: moment.date, until: addDays(moment.date, PLOT_WINDOW_DAYS) };
      const { most, version } = await placesLeftAndVersion(db, product.id, window, moment, UNLIMITED_AVAILABILITY, now);
      return { availability: product.hasDays ? most : UNLIMITED_AVAILABILITY, version };
    },
  };
}

export type PlotService = ReturnType<typeof createPlotService>;
