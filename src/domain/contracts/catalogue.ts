/**
 * Wire shapes of the catalogue endpoints (spec sections 3 and 7), shared by the API that answers
 * them and the storefront that reads them. Field names are the spec's; amounts are 2-decimal numbers.
 * Written once, as the zod schemas in catalogue.schema.ts; these are their types (type-only
 * imports, so the storefront bundles no zod).
 */
import type { z } from 'zod';
import type {
  audienceSchema,
  capacityTypeSchema,
  categoryListItemSchema,
  categorySchema,
  homeProductsSchema,
  plotAvailabilitySchema,
  plotSchema,
  priceTypeSchema,
  productSchema,
  productSummarySchema,
  subscriptionAudienceSchema,
  subscriptionSchema,
  subscriptionSummarySchema,
  subscriptionTypeSchema,
  upsellSchema,
  upsellTypeSchema,
  voucherSchema,
  voucherSummarySchema,
  voucherValueSchema,
} from './catalogue.schema.ts';

export type PriceType = z.infer<typeof priceTypeSchema>;
export type CapacityType = z.infer<typeof capacityTypeSchema>;
export type UpsellType = z.infer<typeof upsellTypeSchema>;
export type SubscriptionType = z.infer<typeof subscriptionTypeSchema>;

export type Audience = z.infer<typeof audienceSchema>;
export type Upsell = z.infer<typeof upsellSchema>;
/** The card shown on home and category pages, and what a cross-sell points at. */
export type ProductSummary = z.infer<typeof productSummarySchema>;
export type Product = z.infer<typeof productSchema>;
export type PlotAvailability = z.infer<typeof plotAvailabilitySchema>;
export type Plot = z.infer<typeof plotSchema>;
export type SubscriptionAudience = z.infer<typeof subscriptionAudienceSchema>;
export type SubscriptionSummary = z.infer<typeof subscriptionSummarySchema>;
export type Subscription = z.infer<typeof subscriptionSchema>;
export type VoucherValue = z.infer<typeof voucherValueSchema>;
export type VoucherSummary = z.infer<typeof voucherSummarySchema>;
export type Voucher = z.infer<typeof voucherSchema>;
/** One entry of GET /api/categories: the tree and which items sit where (ids only). */
export type CategoryListItem = z.infer<typeof categoryListItemSchema>;
/** GET /api/categories/{id}: the category with its listed children and items as cards. */
export type Category = z.infer<typeof categorySchema>;
/** GET /api/home/products: every listed item, categorised or not. */
export type HomeProducts = z.infer<typeof homeProductsSchema>;
