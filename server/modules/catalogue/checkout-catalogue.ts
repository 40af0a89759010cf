/**
 * What a checkout reads of the catalogue and the organisation, in ONE query: the shop settings it
 * prices and validates with (timezone, currency, hold time, languages, additions, customer fields),
 * the cart's products with their audiences and upsells, and its plots with their audience prices,
 * and the catalogue version they were read at (db/schema catalogue_version).
 * Raw SQL answering JSON: one round trip and no ORM row mapping on the busiest path of the shop,
 * prepared once per connection (db/named-statement.ts).
 *
 * The reader keeps what it read, with its version, for the one-statement checkout (`readKept`): a
 * checkout priced with kept data writes only in a statement that finds the version unchanged
 * (`stillCurrent`), so what it charged and checked is what was in force when it wrote, exactly as if
 * it had read the catalogue one statement earlier. Places, slot limits and whether it fits are never
 * kept: the capacity guard decides them on the locked row of that same statement.
 */
import type { BusinessField } from '#domain/invoice.ts';
import { sql, type SQL } from 'drizzle-orm';
import type { PriceType, UpsellType } from '#domain/contracts/catalogue.ts';
import type { FieldType } from '#domain/contracts/organisation.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, type Translations } from '#domain/languages.ts';
import type { Executor } from '../../db/client.ts';
import { placesTaken } from '../../db/hold-rules.ts';
import { executeNamed } from '../../db/named-statement.ts';
import { SERVED_STATES } from './served-states.ts';

/** Reads what a checkout prices against, as the checkouts (orders, subscriptions, vouchers, changes) are given it. */
export interface CheckoutCatalogueReader {
  /** Read now, on `db` (inside the caller's transaction, where it has one). */
  read(db: Executor, productIds: readonly number[], plotIds: readonly number[], liveAt: Date | null): Promise<CheckoutCatalogue>;
  /**
   * What this process kept, when it holds every product and plot asked for; read on `db` otherwise.
   * Only for a checkout whose writing statement also checks `stillCurrent(catalogue)`, and which
   * lets a fresh read decide any refusal (`fromKept`).
   */
  readKept(db: Executor, productIds: readonly number[], plotIds: readonly number[]): Promise<CheckoutCatalogue>;
}

/** The condition, for the statement that writes a checkout priced with `catalogue`, that its version is still the database's. */
export function stillCurrent(catalogue: Pick<CheckoutCatalogue, 'version'>): SQL {
  return sql`(select coalesce((select c.version from catalogue_version c), 0) = ${catalogue.version}::bigint)`;
}

export interface CheckoutAudience {
  audienceId: number;
  priceCents: number;
  minQuantity: number;
  maxQuantity: number;
  fixedQuantity: boolean;
  dependant: boolean;
  hidden: boolean;
  group: string | null;
}

export interface CheckoutUpsell {
  id: number;
  upsellType: UpsellType;
  priceCents: number;
  maxQuantity: number;
}

export interface CheckoutProduct {
  id: number;
  priceType: PriceType;
  priceCents: number;
  hasDays: boolean;
  hasAudiences: boolean;
  minQuantity: number;
  maxQuantity: number;
  allowReservations: boolean;
  audiences: CheckoutAudience[];
  upsells: CheckoutUpsell[];
}

export interface CheckoutPlot {
  id: number;
  productId: number;
  date: string;
  /** HH:MM:SS; null for a whole-day plot. */
  startTime: string | null;
  priceCents: number | null;
  capacity: number | null;
  /** Sold places plus live holds at the `now` the reader was given (a simulation's view); null without one. */
  taken: number | null;
  /** capacity, maxOrders and orderCount as read, which may be long ago: the capacity guard decides on the row. */
  maxOrders: number | null;
  orderCount: number;
  /** Audience id → price on this plot. */
  audiencePrices: Map<number, number>;
}

export interface CheckoutCustomerFieldRow {
  id: number;
  name: string;
  type: FieldType;
  required: boolean;
  isDefault: boolean;
  business: boolean;
  options: { value: string; labels: Partial<Record<Language, string>> }[];
  sort: number;
  products: number[];
  subscriptions: number[];
  vouchers: number[];
  texts: Translations<{ label: string }>;
}

export interface CheckoutShop {
  timezone: string;
  currency: string;
  holdMinutes: number;
  defaultLanguage: Language;
  languages: Language[];
  allowBusiness: boolean;
  /** business_fields[type, invoice]: which details an order on invoice needs (src/domain/invoice.ts). */
  businessFields: BusinessField[];
}

export interface CheckoutCatalogue {
  /** The catalogue version it was read at (opaque). */
  version: string;
  /** Taken from what the process kept (readKept), not read just now. */
  fromKept: boolean;
  shop: CheckoutShop;
  additions: { amountCents: number; type: 0 | 1 }[];
  customerFields: CheckoutCustomerFieldRow[];
  products: Map<number, CheckoutProduct>;
  plots: Map<number, CheckoutPlot>;
}

// The schema's own defaults, so a shop without an organisation row (seeding off) still sells.
const UNCONFIGURED: CheckoutShop = {
  timezone: 'Europe/Amsterdam',
  currency: 'EUR',
  holdMinutes: 15,
  defaultLanguage: DEFAULT_LANGUAGE,
  languages: [...LANGUAGES],
  allowBusiness: false,
  businessFields: [],
};

interface Answer {
  version: string;
  shop: CheckoutShop | null;
  additions: CheckoutCatalogue['additions'];
  /** Null when the version is the one whose fields the caller keeps. */
  fields: CheckoutCustomerFieldRow[] | null;
  products: CheckoutProduct[];
  plots: (Omit<CheckoutPlot, 'audiencePrices'> & { audiencePrices: Record<string, number> | null })[];
}

const asInts = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

/** The most plots a process keeps; past it, it starts again (a plot is kept again when next read). */
const MAX_KEPT_PLOTS = 10_000;

/** What a process read at one catalogue version: never a mix of versions. */
interface Kept {
  version: string;
  shop: CheckoutShop;
  additions: CheckoutCatalogue['additions'];
  customerFields: CheckoutCustomerFieldRow[];
  products: Map<number, CheckoutProduct>;
  plots: Map<number, CheckoutPlot>;
}

/**
 * The checkout's catalogue reader. Every read also keeps what it found, with its version; a read at
 * another version starts the kept data again. The customer fields (≈7 kB of the demo shop's ≈7.5 kB
 * answer) are sent by the query only when its version differs from the kept one.
 */
export function createCheckoutCatalogueReader(): CheckoutCatalogueReader {
  let kept: Kept | null = null;

  function keep(catalogue: CheckoutCatalogue): void {
    const { version, shop, additions, customerFields } = catalogue;
    const current: Kept = kept?.version === version ? kept : { version, shop, additions, customerFields, products: new Map(), plots: new Map() };
    for (const [id, product] of catalogue.products) current.products.set(id, product);
    if (current.plots.size + catalogue.plots.size > MAX_KEPT_PLOTS) current.plots.clear();
    // A simulation's live count is of its moment only.
    for (const [id, plot] of catalogue.plots) current.plots.set(id, { ...plot, taken: null });
    kept = current;
  }

  async function read(db: Executor, productIds: readonly number[], plotIds: readonly number[], liveAt: Date | null): Promise<CheckoutCatalogue> {
    // Captured before the query: its fields belong to this version, whatever other reads keep meanwhile.
    const known = kept;
    const answer = await readCatalogue(db, productIds, plotIds, liveAt, known?.version ?? null);
    const customerFields = answer.fields ?? (known?.version === answer.version ? known.customerFields : null);
    if (!customerFields) throw new Error('the checkout catalogue query answered no customer fields');
    const catalogue = toCatalogue(answer, customerFields);
    keep(catalogue);
    return catalogue;
  }

  return {
    /**
     * `liveAt`: also count each plot's places taken at that moment (sold + live holds) — for a price
     * simulation; a submission leaves it null, since its capacity guard decides on the locked row.
     */
    read,

    async readKept(db, productIds, plotIds) {
      const at = kept;
      if (!at || !productIds.every((id) => at.products.has(id)) || !plotIds.every((id) => at.plots.has(id))) {
        return read(db, productIds, plotIds, null);
      }
      return {
        version: at.version,
        fromKept: true,
        shop: at.shop,
        additions: at.additions,
        customerFields: at.customerFields,
        products: new Map(productIds.map((id) => [id, at.products.get(id) as CheckoutProduct])),
        plots: new Map(plotIds.map((id) => [id, at.plots.get(id) as CheckoutPlot])),
      };
    },
  };
}

/*
 * The ids go in as `any(array(select unnest($n::int[])))`, not `any($n::int[])`: PostgreSQL cannot see
 * through the sub-select when it plans, so the plan for a known array (a "custom" plan) costs the same
 * as the plan for any array (the "generic" one), and after its first five runs the named statement
 * keeps its generic plan instead of planning ≈15 relations again on every checkout. Measured: 0.33 →
 * 0.10 ms of database CPU per read (tests/server/db/named-statement-plans.postgres.test.ts keeps it so).
 */
async function readCatalogue(
  db: Executor,
  productIds: readonly number[],
  plotIds: readonly number[],
  liveAt: Date | null,
  keptVersion: string | null,
): Promise<Answer> {
  const taken = liveAt === null ? sql`null` : placesTaken('pl', liveAt);
  const result = await executeNamed(
    db,
    sql`
    select
      (select json_build_object('timezone', o.timezone, 'currency', o.currency, 'holdMinutes', o.hold_minutes,
          'defaultLanguage', o.default_language, 'languages', o.languages, 'allowBusiness', o.allow_business,
          'businessFields', o.business_fields)
        from organisations o order by o.id limit 1) as shop,
      (select coalesce(json_agg(json_build_object('amountCents', a.amount_cents, 'type', a.type) order by a.type, a.id), '[]')
        from additions a) as additions,
      v.version::text as version,
      case when v.version::text is distinct from ${keptVersion}::text then (select coalesce(json_agg(json_build_object('id', f.id, 'name', f.name, 'type', f.type, 'required', f.required,
          'isDefault', f.is_default, 'business', f.business, 'options', f.options, 'sort', f.sort, 'products', f.products,
          'subscriptions', f.subscriptions, 'vouchers', f.vouchers, 'texts', f.texts) order by f.sort, f.id), '[]')
        from customer_fields f) end as fields,
      (select coalesce(json_agg(json_build_object('id', p.id, 'priceType', p.price_type, 'priceCents', p.price_cents,
          'hasDays', p.has_days, 'hasAudiences', p.has_audiences, 'minQuantity', p.min_quantity, 'maxQuantity', p.max_quantity,
          'allowReservations', p.allow_reservations,
          'audiences', (select coalesce(json_agg(json_build_object('audienceId', pa.audience_id, 'priceCents', pa.price_cents,
              'minQuantity', pa.min_quantity, 'maxQuantity', pa.max_quantity, 'fixedQuantity', pa.fixed_quantity,
              'dependant', pa.dependant, 'hidden', pa.hidden, 'group', au."group") order by pa.sort, au.sort, au.id), '[]')
            from product_audiences pa join audiences au on au.id = pa.audience_id where pa.product_id = p.id),
          'upsells', (select coalesce(json_agg(json_build_object('id', u.id, 'upsellType', u.upsell_type, 'priceCents', u.price_cents,
              'maxQuantity', u.max_quantity) order by pu.sort, u.id), '[]')
            from product_upsells pu join upsells u on u.id = pu.upsell_id where pu.product_id = p.id))), '[]')
        from products p where p.id = any(array(select unnest(${asInts(productIds)}::int[]))) and p.state = any(${`{${SERVED_STATES.join(',')}}`}::text[])) as products,
      (select coalesce(json_agg(json_build_object('id', pl.id, 'productId', pl.product_id, 'date', pl.date, 'startTime', pl.start_time,
          'priceCents', pl.price_cents, 'capacity', pl.capacity, 'taken', ${taken}, 'maxOrders', pl.max_orders, 'orderCount', pl.order_count,
          'audiencePrices', (select json_object_agg(pap.audience_id, pap.price_cents) from plot_audience_prices pap where pap.plot_id = pl.id))), '[]')
        from plots pl where pl.id = any(array(select unnest(${asInts(plotIds)}::int[]))) and not pl.closed) as plots
    from (select coalesce((select c.version from catalogue_version c), 0) as version) v
  `,
  );
  const [answer] = (result as unknown as { rows: Answer[] }).rows;
  if (!answer) throw new Error('the checkout catalogue query answered no row');
  return answer;
}

function toCatalogue(answer: Answer, customerFields: CheckoutCustomerFieldRow[]): CheckoutCatalogue {
  return {
    version: answer.version,
    fromKept: false,
    shop: answer.shop ?? UNCONFIGURED,
    additions: answer.additions,
    customerFields,
    products: new Map(answer.products.map((product) => [product.id, product])),
    plots: new Map(
      answer.plots.map((plot) => [
        plot.id,
        { ...plot, audiencePrices: new Map(Object.entries(plot.audiencePrices ?? {}).map(([audience, cents]) => [Number(audience), cents])) },
      ]),
    ),
  };
}
