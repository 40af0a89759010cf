/**
 * Plots of a product as the calendar and time-slot list need them: places left, whether each can
 * be chosen for the visitor's order, and its prices.
 */
import { UNLIMITED_AVAILABILITY } from '#domain/availability.ts';
import type { Plot } from '#domain/contracts/catalogue.ts';
import { addDays, orderedQuantity, PLOT_WINDOW_DAYS, plotOrderBeyondLimits, type PlotOrder, type PlotQuery } from '#domain/plot-query.ts';
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
import { slotPrices } from '#domain/order/pricing.ts';
import { isSelectable, slotWithOwnBooking, type SelectableSlot, type ShopMoment } from '#domain/order/slot-rules.ts';
import type { SlotPrices } from '#domain/order/pricing.ts';
import { shopMoment } from '../../../shop-time.ts';
import { yieldTurn } from '../../../db/heavy-reads.ts';
import { plotJson, plotJsonParts, toClockTime, toPlot, type PlotJsonParts } from './plot.mapper.ts';
import {
  Counter,
  COUNTER_WIDTH,
  listPlotCounters,
  parseIntMatrix,
  listPlotsWithTaken,
  placesLeftAndVersion,
  secondsTime,
  timeSeconds,
  type PlotRow,
  type PlotWindow,
} from './plot.repo.ts';

/** An order of zero places asks for nothing yet: treat it like no order. */
function effectiveOrder(order: PlotOrder | null): PlotOrder | null {
  const places = orderedQuantity(order);
  return places === null || places === 0 ? null : order;
}

/** Products (with their audiences and the shop's timezone) kept per process for the plot listing. */
const MAX_KEPT_PRODUCTS = 500;

/** Listings kept per process (one per product, window and order asked for). */
const MAX_KEPT_LISTINGS = 500;

/** A plot of a kept listing: what the catalogue version fixes, its JSON parts written once. */
interface KeptPlot {
  date: string;
  startTime: string | null;
  parts: PlotJsonParts;
  /** The end time as last read (seconds after midnight) and its JSON: staff may move it without moving the version. */
  endSeconds: number | null;
  endJson: string;
}

/**
 * A listing priced at a catalogue version: its plots in the listing's order, with their JSON parts
 * for the order asked about. Dates, start times and prices move the version when they change;
 * everything else a plot shows is read again on every answer (plot.repo.ts listPlotCounters).
 */
interface KeptListing {
  version: number;
  plots: KeptPlot[];
  /** Plot id → its place in `plots`. */
  indexOf: Map<number, number>;
  /**
   * The last answer written from live counters, with what it was written from (the counters' text
   * and the shop's moment): the same counters at the same moment give the same JSON, so it is
   * answered again, the same string, instead of written anew (and sent as the same bytes,
   * server/lib/serialized-answers.ts). Nothing read is kept: the counters are read for every answer.
   */
  last?: { from: string; json: string };
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

/** What a listing is asked for: its window (never in the past), the order and the shop's moment. */
interface ListingAsk {
  window: PlotWindow;
  order: PlotOrder | null;
  /** Places the order asks for on one plot (1 without an order). */
  places: number;
  moment: ShopMoment;
  now: Date;
}

function listingAsk(query: PlotQuery, now: Date, timezone: string): ListingAsk {
  const moment = shopMoment(now, timezone);
  const order = effectiveOrder(query.order);
  // The window never reaches into the past: a past plot can be neither chosen nor shown.
  const from = query.filterFrom !== null && query.filterFrom > moment.date ? query.filterFrom : moment.date;
  const window: PlotWindow = { from, until: query.filterUntil, alsoPlotId: query.rebookPlot, direction: query.orderingDir };
  return { window, order, places: orderedQuantity(order) ?? 1, moment, now };
}

/** Each row's prices for the order asked about. */
function priceRows(product: ProductRow, audiences: ProductAudienceRow[], rows: PlotRow[], order: PlotOrder | null): SlotPrices[] {
  const pricing = { priceType: product.priceType, priceCents: product.priceCents, audiences };
  return rows.map((row) =>
    slotPrices({ priceCents: row.priceCents, audiencePrices: new Map(row.audiencePrices.map((entry) => [entry.audience, entry.cents])) }, pricing, order),
  );
}

/** A plot as listed for an order: a booking being moved counts its own places there as free (spec section 7, rebookPlot). */
function asListed<T extends SelectableSlot>(slot: T, rebookPlot: number | null, id: number, places: number): T {
  return id === rebookPlot ? slotWithOwnBooking(slot, places) : slot;
}

/** The rows' counters as the counters statement answers them (plot.repo.ts LiveCounters). */
function countersOf(rows: PlotRow[]): (number | null)[] {
  return rows.flatMap((row) => [row.id, row.taken, row.capacity, row.maxOrders, row.orderCount, timeSeconds(row.endTime)]);
}

const endJsonOf = (endSeconds: number | null): string => JSON.stringify(toClockTime(endSeconds === null ? null : secondsTime(endSeconds)));

/**
 * The listing's JSON: each kept plot's parts around its live numbers, in the kept order. Null when
 * the counters are not of the same plots (one closed or opened without a catalogue change).
 */
function listingJson(listing: KeptListing, counters: (number | null)[], ask: ListingAsk): string | null {
  const count = listing.plots.length;
  if (counters.length !== count * COUNTER_WIDTH) return null;
  const pieces = new Array<string | undefined>(count);
  const rebookPlot = ask.window.alsoPlotId;
  for (let offset = 0; offset < counters.length; offset += COUNTER_WIDTH) {
    const id = counters[offset + Counter.id] as number;
    const index = listing.indexOf.get(id);
    if (index === undefined || pieces[index] !== undefined) return null;
    const plot = listing.plots[index] as KeptPlot;
    const endSeconds = counters[offset + Counter.endSeconds] ?? null;
    if (endSeconds !== plot.endSeconds) {
      plot.endSeconds = endSeconds;
      plot.endJson = endJsonOf(endSeconds);
    }
    const slot = asListed(
      {
        date: plot.date,
        startTime: plot.startTime,
        endJson: plot.endJson,
        capacity: counters[offset + Counter.capacity] ?? null,
        taken: counters[offset + Counter.taken] as number,
        maxOrders: counters[offset + Counter.maxOrders] ?? null,
        orderCount: counters[offset + Counter.orderCount] as number,
      },
      rebookPlot,
      id,
      ask.places,
    );
    pieces[index] = plotJson(plot.parts, slot, isSelectable(slot, ask.places, ask.moment));
  }
  return `[${pieces.join(',')}]`;
}

export function createPlotService({ db, clock }: { db: Database; clock: Clock }) {
  // The product, its audiences and the timezone are catalogue data: kept with the catalogue version
  // they were read at, and used while the listing's own statement finds that version still (else
  // read again). Places, capacities and order limits are never kept: the statement reads them.
  const keptProducts = new Map<number, KeptProduct>();

  // Listings priced and written at a catalogue version, answered again with their counters read
  // live (one small statement) while the version is still the database's. Only ever used with a
  // kept product (`version` given): its prices and rules were read at that same version.
  const keptListings = new Map<string, KeptListing>();

  function keepListing(key: string, listing: KeptListing): void {
    keptListings.delete(key);
    keptListings.set(key, listing);
    if (keptListings.size > MAX_KEPT_LISTINGS) keptListings.delete(keptListings.keys().next().value as string);
  }

  /**
   * The product's listing as JSON. With a kept listing at `version`, its parts and the counters
   * read now (one statement); else the plots read in full and priced (kept when `version` is
   * given). Null when the catalogue has moved past `version`: the caller reads the product again.
   */
  async function productListing(kept: KeptProduct, query: PlotQuery, version: number | null): Promise<string | null> {
    const ask = listingAsk(query, clock.now(), kept.timezone);
    const listingKey = `${kept.product.id}:${JSON.stringify(ask.window)}:${JSON.stringify(ask.order)}`;
    const known = version === null ? undefined : keptListings.get(listingKey);
    if (known !== undefined && known.version === version) {
      const live = await listPlotCounters(db, kept.product.id, ask.window, ask.now);
      const from = `${ask.moment.date} ${ask.moment.time} ${live.text}`;
      if (live.version === version && known.last?.from === from) return checkRebooked(known, query, known.last.json);
      const json = live.version === version ? listingJson(known, parseIntMatrix(live.text), ask) : null;
      if (json !== null) {
        known.last = { from, json };
        return checkRebooked(known, query, json);
      }
    }
    const listed = await listPlotsWithTaken(db, kept.product.id, ask.window, ask.now);
    // Priced with kept data the catalogue has moved past since: the caller reads it again.
    if (version !== null && listed.version !== version) return null;
    const prices = priceRows(kept.product, kept.audiences, listed.rows, ask.order);
    const listing: KeptListing = {
      version: listed.version,
      plots: listed.rows.map((row, index) => {
        const endSeconds = timeSeconds(row.endTime);
        return { date: row.date, startTime: row.startTime, parts: plotJsonParts(row, prices[index] as SlotPrices), endSeconds, endJson: endJsonOf(endSeconds) };
      }),
      indexOf: new Map(listed.rows.map((row, index) => [row.id, index])),
    };
    if (version !== null) keepListing(listingKey, listing);
    return checkRebooked(listing, query, listingJson(listing, countersOf(listed.rows), ask) ?? '[]');
  }

  function checkRebooked(listing: KeptListing, query: PlotQuery, json: string): string {
    if (query.rebookPlot !== null && !listing.indexOf.has(query.rebookPlot)) throw validationFailed({ rebookPlot: 'not_of_product' });
    return json;
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
    /**
     * The calendar: every served product with days, each with its plots in the window (for one ticket).
     * The window is at most the storefront's (PLOT_WINDOW_DAYS from its first day), and the event loop
     * has its turn between two products (server/db/heavy-reads.ts): an uncached calendar never holds
     * PGlite's one connection for every product at once.
     */
    async listCalendarPlots(query: PlotQuery): Promise<{ product: number; plots: Plot[] }[]> {
      const locale = await loadShopLocale(db);
      const served = (await listProducts(db, { states: SERVED_STATES })).filter((product) => product.hasDays);
      const ask = listingAsk({ ...query, order: null, rebookPlot: null }, clock.now(), locale.timezone);
      const last = addDays(ask.window.from, PLOT_WINDOW_DAYS);
      if (ask.window.until === null || ask.window.until > last) ask.window = { ...ask.window, until: last };
      const answer: { product: number; plots: Plot[] }[] = [];
      for (const product of served) {
        await yieldTurn();
        const audiences = await listProductAudiences(db, product.id);
        const { rows } = await listPlotsWithTaken(db, product.id, ask.window, ask.now);
        const prices = priceRows(product, audiences, rows, null);
        const plots = rows.map((row, index) => toPlot(row, prices[index] as SlotPrices, isSelectable(row, ask.places, ask.moment)));
        answer.push({ product: product.id, plots });
      }
      return answer;
    },

    /**
     * A product's plots, priced for the order asked about, as the JSON of `Plot[]`. With the
     * product and the listing kept (and the order one it can take), ONE statement: the live
     * counters and the catalogue version, which must be the kept one. A refusal is decided on a
     * fresh read only.
     */
    async listPlotsJson(productId: number, query: PlotQuery): Promise<string> {
      const known = keptProducts.get(productId);
      if (known && checkOrder(known.product, known.audiences, query) === null) {
        const json = await productListing(known, query, known.version);
        if (json !== null) return json;
      }
      const read = await readProduct(productId);
      const refusal = checkOrder(read.product, read.audiences, query);
      if (refusal !== null) throw refusal;
      return (await productListing(read, query, null)) ?? '[]';
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
