/** Categories, products, audiences, plots (time slots), upsells and cross-sells. */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, text, time, unique, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CapacityType, PriceType, UpsellType } from '#domain/contracts/catalogue.ts';
import { id, texts, type StateColumn } from './columns.ts';
import { taxRules } from './organisation.ts';

const stateCheck = (column: AnyPgColumn) => sql`${column} in ('DRAFT','INVISIBLE','PUBLISHED','ARCHIVED')`;

export const categories = pgTable(
  'categories',
  {
    id: id(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'set null' }),
    slug: text('slug').notNull(),
    state: text('state').$type<StateColumn>().notNull().default('PUBLISHED'),
    sort: integer('sort').notNull().default(0),
    image: text('image'),
    texts: texts<{ title: string; description: string }>(),
    /** Moves on with every back-office save: a save carrying an older one is refused (CATALOGUE_STALE_EDIT). */
    version: integer('version').notNull().default(1),
  },
  (t) => [check('categories_state', stateCheck(t.state)), index('categories_parent').on(t.parentId), unique('categories_slug').on(t.slug)],
);

export const products = pgTable(
  'products',
  {
    id: id(),
    slug: text('slug').notNull(),
    state: text('state').$type<StateColumn>().notNull().default('PUBLISHED'),
    /** false: reachable by link but asks search engines not to index it. */
    visible: boolean('visible').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    image: text('image'),
    priceType: text('price_type').$type<PriceType>().notNull(),
    capacityType: text('capacity_type').$type<CapacityType>().notNull(),
    /** Base price (FIXED, DAY) or the "from" price shown on cards. */
    priceCents: integer('price_cents').notNull().default(0),
    hasDays: boolean('has_days').notNull().default(false),
    hasTimeslots: boolean('has_timeslots').notNull().default(false),
    hasAudiences: boolean('has_audiences').notNull().default(false),
    showEndTime: boolean('show_end_time').notNull().default(false),
    showAvailability: boolean('show_availability').notNull().default(true),
    minQuantity: integer('min_quantity').notNull().default(1),
    maxQuantity: integer('max_quantity').notNull().default(20),
    allowReservations: boolean('allow_reservations').notNull().default(false),
    /** Its tickets' tax rule (null: no tax). */
    taxRuleId: integer('tax_rule_id').references(() => taxRules.id, { onDelete: 'restrict' }),
    texts: texts<{ title: string; description: string; label: string }>(),
    /** Moves on with every back-office save: a save carrying an older one is refused (CATALOGUE_STALE_EDIT). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    unique('products_slug').on(t.slug),
    check('products_state', stateCheck(t.state)),
    check('products_price_type', sql`${t.priceType} in ('FIXED','AUDIENCE','DYNAMIC','PLOT','DAY','TIMESLOT')`),
    check('products_capacity_type', sql`${t.capacityType} in ('NONE','LIMITED')`),
    check('products_quantities', sql`${t.minQuantity} >= 0 and ${t.maxQuantity} >= ${t.minQuantity}`),
    check('products_price', sql`${t.priceCents} >= 0`),
  ],
);

/** Visitor categories (adult, child, ...) shared by products and subscriptions. */
export const audiences = pgTable('audiences', {
  id: id(),
  /** Audiences of one group are shown together. */
  group: text('group'),
  sort: integer('sort').notNull().default(0),
  texts: texts<{ name: string; description: string }>(),
});

/** How an audience is sold for one product. */
export const productAudiences = pgTable(
  'product_audiences',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    audienceId: integer('audience_id')
      .notNull()
      .references(() => audiences.id, { onDelete: 'restrict' }),
    priceCents: integer('price_cents').notNull(),
    minQuantity: integer('min_quantity').notNull().default(0),
    maxQuantity: integer('max_quantity').notNull().default(20),
    fixedQuantity: boolean('fixed_quantity').notNull().default(false),
    dependant: boolean('dependant').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.audienceId] }),
    check('product_audiences_quantities', sql`${t.minQuantity} >= 0 and ${t.maxQuantity} >= ${t.minQuantity}`),
    check('product_audiences_price', sql`${t.priceCents} >= 0`),
  ],
);

/**
 * A date (and optionally a time slot) a product can be booked for. Dates and times are local
 * to the organisation's timezone. Places taken = `sold` (paid and reserved) + unexpired holds.
 */
export const plots = pgTable(
  'plots',
  {
    id: id(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: time('start_time'),
    endTime: time('end_time'),
    /** null: unlimited. */
    capacity: integer('capacity'),
    sold: integer('sold').notNull().default(0),
    /**
     * Places held by unpaid checkouts' holds that are still counted here (`holds.counted`): the
     * capacity guard is one conditional UPDATE on sold + held. A lapsed hold keeps counting until
     * it is reclaimed — lazily when the guard would refuse, or when its checkout is settled or expired.
     */
    held: integer('held').notNull().default(0),
    /** Price for PLOT/TIMESLOT pricing; null falls back to the product's price. */
    priceCents: integer('price_cents'),
    /** Maximum number of orders for this plot; null: no limit. */
    maxOrders: integer('max_orders'),
    orderCount: integer('order_count').notNull().default(0),
    /** Closed by staff: neither listed nor sold, its bookings kept (server/modules/schedules). */
    closed: boolean('closed').notNull().default(false),
    /** Edited by hand in the back office: a schedule's regeneration leaves it as it is. */
    pinned: boolean('pinned').notNull().default(false),
  },
  (t) => [
    unique('plots_product_slot').on(t.productId, t.date, t.startTime).nullsNotDistinct(),
    index('plots_product_date').on(t.productId, t.date),
    check('plots_capacity', sql`${t.capacity} is null or ${t.capacity} >= 0`),
    check('plots_sold', sql`${t.sold} >= 0 and (${t.capacity} is null or ${t.sold} <= ${t.capacity})`),
    check('plots_held', sql`${t.held} >= 0`),
    check('plots_orders', sql`${t.orderCount} >= 0 and (${t.maxOrders} is null or ${t.orderCount} <= ${t.maxOrders})`),
  ],
);

/** Per-audience price on one plot, overriding the product audience price. */
export const plotAudiencePrices = pgTable(
  'plot_audience_prices',
  {
    plotId: integer('plot_id')
      .notNull()
      .references(() => plots.id, { onDelete: 'cascade' }),
    audienceId: integer('audience_id')
      .notNull()
      .references(() => audiences.id, { onDelete: 'cascade' }),
    priceCents: integer('price_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.plotId, t.audienceId] }), check('plot_audience_prices_price', sql`${t.priceCents} >= 0`)],
);

export const upsells = pgTable(
  'upsells',
  {
    id: id(),
    upsellType: text('upsell_type').$type<UpsellType>().notNull().default('STANDARD'),
    priceCents: integer('price_cents').notNull().default(0),
    maxQuantity: integer('max_quantity').notNull().default(999),
    donationStepCents: integer('donation_step_cents'),
    image: text('image'),
    texts: texts<{ title: string; description: string }>(),
    /** Its tax rule (null: no tax; a donation usually has none). */
    taxRuleId: integer('tax_rule_id').references(() => taxRules.id, { onDelete: 'restrict' }),
    /** Moves on with every back-office save (CATALOGUE_STALE_EDIT). */
    version: integer('version').notNull().default(1),
  },
  (t) => [check('upsells_type', sql`${t.upsellType} in ('STANDARD','DONATION')`), check('upsells_price', sql`${t.priceCents} >= 0 and ${t.maxQuantity} >= 0`)],
);

export const productUpsells = pgTable(
  'product_upsells',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    upsellId: integer('upsell_id')
      .notNull()
      .references(() => upsells.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.upsellId] })],
);

export const productCrossSells = pgTable(
  'product_cross_sells',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    targetProductId: integer('target_product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.targetProductId] }), check('product_cross_sells_other', sql`${t.productId} <> ${t.targetProductId}`)],
);

export const categoryProducts = pgTable(
  'category_products',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.productId] })],
);

/**
 * ONE row: a number that every change to what a checkout prices and validates with moves on (the
 * organisation's settings, additions, customer fields, products, their audiences, upsells and
 * cross-sells, and the plots' product, date, time and prices), in the changing statement's own
 * transaction: statement triggers of migrations 0011 and 0012 (bump_catalogue_version). A process that
 * keeps the catalogue it read at version N may write a checkout priced with it only in a statement
 * that finds N here still (catalogue/checkout-catalogue.ts), and answers a kept product page only
 * while N is still here (catalogue/products/product.service.ts). Counters a checkout moves (sold,
 * held, order_count) leave it alone.
 */
export const catalogueVersion = pgTable(
  'catalogue_version',
  {
    one: boolean('one').primaryKey().default(true),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
  },
  (t) => [check('catalogue_version_one_row', sql`${t.one}`)],
);
