/**
 * The catalogue answers (spec sections 3 and 7) as zod schemas: the API declares them as its
 * response schemas (checked outside production, published in /api/openapi.json) and catalogue.ts
 * derives the storefront's types from them. Kept apart from catalogue.ts so that the storefront,
 * which imports only types, never bundles zod. Objects are strict: a field the API sends but the
 * contract does not name is a drift, and fails the test that sees it.
 */
import { z } from 'zod';
import { CATALOGUE_STATES } from '../catalogue-state.ts';

const id = z.number().int();
const amount = z.number().describe('2-decimal amount');
const text = z.string();
const maybeText = z.string().nullable();
const state = z.enum(CATALOGUE_STATES);

export const priceTypeSchema = z.enum(['FIXED', 'AUDIENCE', 'DYNAMIC', 'PLOT', 'DAY', 'TIMESLOT']);
export const capacityTypeSchema = z.enum(['NONE', 'LIMITED']);
export const upsellTypeSchema = z.enum(['STANDARD', 'DONATION']);
export const subscriptionTypeSchema = z.enum(['PHYSICAL', 'ONLINE']);

export const audienceSchema = z
  .strictObject({
    id,
    name: text,
    description: maybeText,
    price: amount,
    min_quantity: z.number().int(),
    max_quantity: z.number().int(),
    fixed_quantity: z.boolean().describe('Read-only stepper with a minimum of 1'),
    group: maybeText,
    dependant: z.boolean().describe('May only be booked together with a non-dependant audience (a child with an adult)'),
    hidden: z.boolean().describe('Not offered in the storefront (for example a staff rate)'),
  })
  .meta({ id: 'Audience' });

export const upsellSchema = z
  .strictObject({
    id,
    title: text,
    description: maybeText,
    image: maybeText,
    price: amount,
    max_quantity: z.number().int(),
    upsell_type: upsellTypeSchema,
    donation_step: z.number().nullable().describe('Step of the donation amount stepper; null for STANDARD upsells'),
  })
  .meta({ id: 'Upsell' });
export const upsellListSchema = z.array(upsellSchema);

const itemCard = {
  id,
  slug: text,
  title: text,
  description: maybeText,
  image: maybeText,
  label: maybeText,
  state,
};

/** The card shown on home and category pages, and what a cross-sell points at. */
export const productSummarySchema = z
  .strictObject({
    ...itemCard,
    visible: z.boolean(),
    price: amount,
    full: z.literal(false),
  })
  .meta({ id: 'ProductSummary' });

export const productSchema = z
  .strictObject({
    ...productSummarySchema.shape,
    full: z.literal(true),
    types: z.strictObject({ price: priceTypeSchema, capacity: capacityTypeSchema }),
    options: z.strictObject({ days: z.boolean(), timeslots: z.boolean(), audiences: z.boolean() }),
    settings: z.strictObject({ show_end_time: z.boolean(), show_availability: z.boolean() }),
    min_quantity: z.number().int(),
    max_quantity: z.number().int(),
    allow_reservations: z.boolean(),
    availability: z
      .number()
      .int()
      .describe('The most places any upcoming selectable plot has left, capped at 999; 999 for products without days; 0 when no plot can be chosen'),
    audiences: z.array(audienceSchema),
    upsells: z.array(upsellSchema),
    cross_sells: z.array(productSummarySchema),
    plots: z.tuple([]).describe('Plots are served by GET /api/products/{id}/plots; the product carries none'),
  })
  .meta({ id: 'Product' });

export const plotAvailabilitySchema = z.strictObject({
  amount: z.number().int(),
  percentage: z.number().describe('Availability over capacity, 0-100, rounded; 100 for unlimited capacity'),
});

export const plotSchema = z
  .strictObject({
    id,
    date: z.string().describe("YYYY-MM-DD in the organisation's timezone"),
    time: z.strictObject({ start: maybeText, end: maybeText }).describe("HH:MM in the organisation's timezone; start null for a whole-day plot"),
    capacity: z.number().int().nullable().describe('null when the capacity is unlimited'),
    availability: plotAvailabilitySchema,
    selectable: z.boolean(),
    price: amount,
    lowestTotalPrice: amount.describe(
      'What the ordered quantities cost on this plot (quantity × price, or Σ audience quantity × audience price); without an order, the cheapest single ticket on it',
    ),
    maxOrdersReached: z.boolean(),
    audiencePrices: z.array(z.strictObject({ audience: id, price: amount })),
  })
  .meta({ id: 'Plot' });
export const plotListSchema = z.array(plotSchema);

export const subscriptionAudienceSchema = z.strictObject({ id, name: text, description: maybeText, price: amount });

export const subscriptionSummarySchema = z
  .strictObject({
    ...itemCard,
    type: subscriptionTypeSchema,
    price: amount,
    full: z.literal(false),
  })
  .meta({ id: 'SubscriptionSummary' });

export const subscriptionSchema = z
  .strictObject({
    ...subscriptionSummarySchema.shape,
    full: z.literal(true),
    audiences: z.array(subscriptionAudienceSchema),
    upsells: z.array(upsellSchema),
    redemptions: z.number().int().describe('Uses per pass; -1 means unlimited'),
    products: z.array(id).describe('Product ids an ONLINE subscription can be redeemed against'),
  })
  .meta({ id: 'Subscription' });

export const voucherValueSchema = z.strictObject({
  id,
  name: text,
  description: maybeText,
  price: amount,
  availability: z.number().int().nullable().describe('How many of this value can still be sold; null when unlimited'),
});

export const voucherSummarySchema = z
  .strictObject({
    ...itemCard,
    price: amount.describe('The lowest value, for the card'),
    full: z.literal(false),
  })
  .meta({ id: 'VoucherSummary' });

export const voucherSchema = z
  .strictObject({
    ...voucherSummarySchema.shape,
    full: z.literal(true),
    values: z.array(voucherValueSchema),
    min_quantity: z.number().int(),
    max_quantity: z.number().int(),
    settings: z.strictObject({ show_end_time: z.boolean() }),
  })
  .meta({ id: 'Voucher' });

const categoryBase = {
  id,
  slug: text,
  title: text,
  description: maybeText,
  image: maybeText,
  parent: id.nullable(),
  sort: z.number().int(),
  state,
};

/** One entry of GET /api/categories: the tree and which items sit where (ids only). */
export const categoryListItemSchema = z
  .strictObject({
    ...categoryBase,
    children: z.array(id),
    full: z.literal(false),
    products: z.array(id),
    subscriptions: z.array(id),
    vouchers: z.array(id),
  })
  .meta({ id: 'CategoryListItem' });
export const categoryListSchema = z.array(categoryListItemSchema);

/** GET /api/categories/{id}: the category with its listed children and items as cards. */
export const categorySchema = z
  .strictObject({
    ...categoryBase,
    full: z.literal(true),
    children: z.array(categoryListItemSchema),
    products: z.array(productSummarySchema),
    subscriptions: z.array(subscriptionSummarySchema),
    vouchers: z.array(voucherSummarySchema),
  })
  .meta({ id: 'Category' });

/** GET /api/home/products: every listed item, categorised or not. */
export const homeProductsSchema = z
  .strictObject({
    products: z.array(productSummarySchema),
    subscriptions: z.array(subscriptionSummarySchema),
    vouchers: z.array(voucherSummarySchema),
  })
  .meta({ id: 'HomeProducts' });
