/** Subscriptions (passes per audience) and what they give access to. */
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { SubscriptionType } from '#domain/contracts/catalogue.ts';
import { audiences, categories, products, upsells } from './catalogue.ts';
import { id, texts, type StateColumn } from './columns.ts';
import { taxRules } from './organisation.ts';

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    slug: text('slug').notNull(),
    state: text('state').$type<StateColumn>().notNull().default('PUBLISHED'),
    type: text('type').$type<SubscriptionType>().notNull(),
    sort: integer('sort').notNull().default(0),
    image: text('image'),
    /** Uses per pass for ONLINE subscriptions; -1 means unlimited. */
    redemptions: integer('redemptions').notNull().default(-1),
    /** How long a pass is valid after purchase or renewal. */
    validityDays: integer('validity_days').notNull().default(365),
    /** The customer group a paid pass makes its client a member of (client_groups). */
    customerGroupId: integer('customer_group_id'),
    /** Its passes' tax rule (null: no tax). */
    taxRuleId: integer('tax_rule_id').references(() => taxRules.id, { onDelete: 'restrict' }),
    texts: texts<{ title: string; description: string; label: string }>(),
    /** Moves on with every back-office save (a stale edit is refused: CATALOGUE_STALE_EDIT). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    check('subscriptions_state', sql`${t.state} in ('DRAFT','INVISIBLE','PUBLISHED','ARCHIVED')`),
    check('subscriptions_redemptions', sql`${t.redemptions} >= -1`),
  ],
);

export const subscriptionAudiences = pgTable(
  'subscription_audiences',
  {
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    audienceId: integer('audience_id')
      .notNull()
      .references(() => audiences.id, { onDelete: 'restrict' }),
    priceCents: integer('price_cents').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.audienceId] })],
);

export const subscriptionUpsells = pgTable(
  'subscription_upsells',
  {
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    upsellId: integer('upsell_id')
      .notNull()
      .references(() => upsells.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.upsellId] })],
);

/** Products an ONLINE subscription can be redeemed against. */
export const subscriptionProducts = pgTable(
  'subscription_products',
  {
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.productId] })],
);

export const categorySubscriptions = pgTable(
  'category_subscriptions',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.subscriptionId] })],
);
