/**
 * The back office's sales set-up (issue 20 item 3): coupons, subscriptions (passes) and vouchers (gift
 * cards on sale), as zod schemas shared by the API (request schemas, in the OpenAPI document) and the
 * back-office forms. Builds on the catalogue editor's pieces (catalogue-editor.ts: amounts, slugs,
 * texts per language, min ≤ max, no duplicates); the rules only these editors have are here.
 *
 * Coupon values travel like the storefront's coupon answer: a PERCENTAGE as a percent (10 for 10 %),
 * a FIXED discount as a 2-decimal amount per discounted ticket. Stored as basis points and cents.
 */
import { z } from 'zod';
import { CATALOGUE_STATES } from '../catalogue-state.ts';
import { subscriptionTypeSchema } from '../contracts/catalogue.schema.ts';
import { normaliseGiftCardCode } from '../gift-card-code.ts';
import { toCents } from '../money.ts';
import {
  checkMinMax,
  checkUnique,
  editorAmountSchema,
  editorVersionSchema,
  idSchema,
  imageSchema,
  MAX_DESCRIPTION_LENGTH,
  MAX_TITLE_LENGTH,
  productTextShape,
  quantitySchema,
  slugSchema,
  storedTextsSchema,
  textsSchema,
} from './catalogue-editor.ts';

/** Rules of these editors beyond zod's own issue codes (carried in `params.rule`, lower case). */
export const SALES_RULES = {
  percentageAbove100: 'percentage_above_100',
  notPositive: 'not_positive',
  fromAfterUntil: 'from_after_until',
  onlineOnly: 'online_only',
  unlimitedOrPositive: 'unlimited_or_positive',
} as const;

export const COUPON_DISCOUNT_TYPES = ['PERCENTAGE', 'FIXED'] as const;
export type CouponDiscountType = (typeof COUPON_DISCOUNT_TYPES)[number];

/** Most uses a coupon may allow, and the longest validity of a pass or a gift card (ten years). */
export const MAX_COUPON_USES = 1_000_000;
export const MAX_VALIDITY_DAYS = 3_660;
/** Most stock a voucher value may have. */
export const MAX_VOUCHER_STOCK = 1_000_000;

/** What a typed coupon code becomes, stored: as the storefront looks codes up (gift-card-code.ts). */
export function couponCodeKey(code: string): string {
  return normaliseGiftCardCode(code) ?? '';
}

export const couponCodeSchema = z
  .string()
  .trim()
  .min(3)
  .max(40)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/);

const instantSchema = z.iso.datetime({ offset: true }).nullable().default(null);

/** A coupon's value as the coupons table stores it: a percent × 100 is basis points, an amount × 100 cents. */
export function storedCouponValue(value: number): number {
  return toCents(value);
}

/** A stored coupon value back to what the editor shows (percent or amount). */
export function editorCouponValue(stored: number): number {
  return stored / 100;
}

/**
 * The checks of a coupon that zod's own bounds do not make: a value above 0, a percentage at most
 * 100, a validity window that opens before it closes. Field → rule (empty when fine).
 */
export function couponRuleIssues(coupon: {
  discount_type: CouponDiscountType;
  value: number;
  valid_from: string | null;
  valid_until: string | null;
}): Record<string, string> {
  const issues: Record<string, string> = {};
  if (!(coupon.value > 0)) issues.value = SALES_RULES.notPositive;
  else if (coupon.discount_type === 'PERCENTAGE' && coupon.value > 100) issues.value = SALES_RULES.percentageAbove100;
  if (coupon.valid_from && coupon.valid_until && Date.parse(coupon.valid_from) >= Date.parse(coupon.valid_until))
    issues.valid_until = SALES_RULES.fromAfterUntil;
  return issues;
}

function addIssues(ctx: z.RefinementCtx, issues: Record<string, string>) {
  for (const [field, rule] of Object.entries(issues))
    ctx.addIssue({ code: 'custom', path: field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)), params: { rule }, message: rule });
}

export const couponEditorSchema = z
  .object({
    code: couponCodeSchema,
    discount_type: z.enum(COUPON_DISCOUNT_TYPES),
    value: editorAmountSchema,
    /** How many tickets of an order get the discount; null: all. */
    max_tickets: z.number().int().min(1).max(9_999).nullable().default(null),
    /** How many orders may use it; null: unlimited. */
    usage_limit: z.number().int().min(1).max(MAX_COUPON_USES).nullable().default(null),
    valid_from: instantSchema,
    valid_until: instantSchema,
    /** Only signed-in members of this customer group (every coupon needs a signed-in client); null: every client. */
    customer_group_id: idSchema.nullable().default(null),
    /** What it applies to; both empty: everything. */
    product_ids: z.array(idSchema).max(200).default([]),
    subscription_ids: z.array(idSchema).max(200).default([]),
  })
  .strict()
  .superRefine((value, ctx) => {
    addIssues(ctx, couponRuleIssues(value));
    checkUnique(ctx, value.product_ids, 'product_ids');
    checkUnique(ctx, value.subscription_ids, 'subscription_ids');
  });
export type CouponEditorInput = z.infer<typeof couponEditorSchema>;
export const couponUpdateSchema = z.object({ version: editorVersionSchema, coupon: couponEditorSchema }).strict();

export const subscriptionEditorSchema = z
  .object({
    slug: slugSchema,
    state: z.enum(CATALOGUE_STATES).default('DRAFT'),
    type: subscriptionTypeSchema,
    sort: z.number().int().min(-1_000_000).max(1_000_000).default(0),
    image: imageSchema.default(null),
    /** Uses per pass (ONLINE); -1: unlimited. */
    redemptions: z.number().int().min(-1).max(9_999).default(-1),
    validity_days: z.number().int().min(1).max(MAX_VALIDITY_DAYS).default(365),
    /** The customer group a paid pass makes its client a member of. */
    customer_group_id: idSchema.nullable().default(null),
    texts: textsSchema(productTextShape),
    audiences: z
      .array(z.object({ audience_id: idSchema, price: editorAmountSchema }).strict())
      .min(1)
      .max(50),
    /** Products an ONLINE pass is redeemed against. */
    product_ids: z.array(idSchema).max(200).default([]),
    category_ids: z.array(idSchema).max(100).default([]),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.redemptions === 0) addIssues(ctx, { redemptions: SALES_RULES.unlimitedOrPositive });
    if (value.type === 'PHYSICAL' && value.product_ids.length > 0) addIssues(ctx, { product_ids: SALES_RULES.onlineOnly });
    checkUnique(
      ctx,
      value.audiences.map((a) => a.audience_id),
      'audiences',
    );
    checkUnique(ctx, value.product_ids, 'product_ids');
    checkUnique(ctx, value.category_ids, 'category_ids');
  });
export type SubscriptionEditorInput = z.infer<typeof subscriptionEditorSchema>;
export const subscriptionUpdateSchema = z.object({ version: editorVersionSchema, subscription: subscriptionEditorSchema }).strict();

const voucherValueTextShape = { name: z.string().trim().max(MAX_TITLE_LENGTH), description: z.string().max(MAX_DESCRIPTION_LENGTH) };

export const voucherEditorSchema = z
  .object({
    slug: slugSchema,
    state: z.enum(CATALOGUE_STATES).default('DRAFT'),
    sort: z.number().int().min(-1_000_000).max(1_000_000).default(0),
    image: imageSchema.default(null),
    min_quantity: quantitySchema.default(1),
    max_quantity: quantitySchema.default(10),
    /** Days an issued gift card stays valid; null: it never expires. */
    validity_days: z.number().int().min(1).max(MAX_VALIDITY_DAYS).nullable().default(null),
    texts: textsSchema(productTextShape),
    /** The values a buyer picks from; `id` keeps an existing value (a removed one must never have been sold). */
    values: z
      .array(
        z
          .object({
            id: idSchema.nullable().default(null),
            price: editorAmountSchema,
            /** Stock left; null: unlimited. */
            availability: z.number().int().min(0).max(MAX_VOUCHER_STOCK).nullable().default(null),
            texts: textsSchema(voucherValueTextShape),
          })
          .strict(),
      )
      .min(1)
      .max(50),
    category_ids: z.array(idSchema).max(100).default([]),
  })
  .strict()
  .superRefine((value, ctx) => {
    checkMinMax(ctx, value.min_quantity, value.max_quantity, ['max_quantity']);
    value.values.forEach((each, index) => {
      if (!(each.price > 0)) addIssues(ctx, { [`values.${index}.price`]: SALES_RULES.notPositive });
    });
    checkUnique(
      ctx,
      value.values.flatMap((each) => (each.id === null ? [] : [each.id])),
      'values',
    );
    checkUnique(ctx, value.category_ids, 'category_ids');
  });
export type VoucherEditorInput = z.infer<typeof voucherEditorSchema>;
export const voucherUpdateSchema = z.object({ version: editorVersionSchema, voucher: voucherEditorSchema }).strict();

/* ---------- what the editors read back ---------- */

const versioned = { id: idSchema, version: editorVersionSchema };

export const couponEditorViewSchema = z.object({
  ...versioned,
  code: z.string(),
  discount_type: z.enum(COUPON_DISCOUNT_TYPES),
  value: z.number(),
  max_tickets: z.number().int().nullable(),
  usage_limit: z.number().int().nullable(),
  used_count: z.number().int(),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  customer_group_id: idSchema.nullable(),
  product_ids: z.array(idSchema),
  subscription_ids: z.array(idSchema),
});
export type CouponEditorView = z.infer<typeof couponEditorViewSchema>;

export const subscriptionEditorViewSchema = z.object({
  ...versioned,
  slug: z.string(),
  state: z.enum(CATALOGUE_STATES),
  type: subscriptionTypeSchema,
  sort: z.number().int(),
  image: z.string().nullable(),
  redemptions: z.number().int(),
  validity_days: z.number().int(),
  customer_group_id: idSchema.nullable(),
  texts: storedTextsSchema,
  audiences: z.array(z.object({ audience_id: idSchema, price: z.number() })),
  product_ids: z.array(idSchema),
  category_ids: z.array(idSchema),
});
export type SubscriptionEditorView = z.infer<typeof subscriptionEditorViewSchema>;

export const voucherEditorViewSchema = z.object({
  ...versioned,
  slug: z.string(),
  state: z.enum(CATALOGUE_STATES),
  sort: z.number().int(),
  image: z.string().nullable(),
  min_quantity: z.number().int(),
  max_quantity: z.number().int(),
  validity_days: z.number().int().nullable(),
  texts: storedTextsSchema,
  values: z.array(z.object({ id: idSchema, price: z.number(), availability: z.number().int().nullable(), texts: storedTextsSchema })),
  category_ids: z.array(idSchema),
});
export type VoucherEditorView = z.infer<typeof voucherEditorViewSchema>;

export const customerGroupViewSchema = z.object({ id: idSchema, texts: storedTextsSchema });
