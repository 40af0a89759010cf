/**
 * The back office's catalogue editor (issue 20 items 3 and 5): what staff send to create or change
 * categories, audiences, upsells and products, as zod schemas shared by the API (request schemas,
 * published in the OpenAPI document) and the back-office forms (react-hook-form resolvers).
 *
 * Amounts are 2-decimal numbers at this edge (money.ts turns them into cents); a refusal names the
 * field and a rule: zod's own (`too_small`, `too_big`, `invalid_format`…) or one of EDITOR_RULES
 * (carried in a custom issue's `params.rule`, which the API's error handler answers as the rule).
 */
import { z } from 'zod';
import { CATALOGUE_STATES } from '../catalogue-state.ts';
import { capacityTypeSchema, priceTypeSchema, upsellTypeSchema } from '../contracts/catalogue.schema.ts';
import { LANGUAGES, type Language } from '../languages.ts';
import { toCents } from '../money.ts';

/** The highest price anything in the catalogue may have: 100,000.00 (in cents). */
export const MAX_PRICE_CENTS = 10_000_000;
/** The highest quantity limit an editor may set (spec: upsells default to 999). */
export const MAX_EDITOR_QUANTITY = 9_999;
/** Longest title / label and longest description (HTML, sanitised on the way in). */
export const MAX_TITLE_LENGTH = 200;
export const MAX_DESCRIPTION_LENGTH = 20_000;

/** Rules the editor checks beyond zod's own issue codes (lower case, like zod's). */
export const EDITOR_RULES = {
  minAboveMax: 'min_above_max',
  cents: 'whole_cents',
  duplicate: 'duplicate',
  defaultLanguageMissing: 'default_language_missing',
  languageNotOffered: 'language_not_offered',
  self: 'self_reference',
} as const;

/** A URL-safe slug: lower-case letters and digits in groups joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const slugSchema = z.string().trim().min(1).max(100).regex(SLUG_PATTERN);

/** A 2-decimal amount from 0 up to MAX_PRICE_CENTS. */
export const editorAmountSchema = z
  .number()
  .min(0)
  .max(MAX_PRICE_CENTS / 100)
  .refine((amount) => Number.isFinite(amount) && Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6, {
    params: { rule: EDITOR_RULES.cents },
    message: 'At most two decimals',
  });

export const quantitySchema = z.number().int().min(0).max(MAX_EDITOR_QUANTITY);
export const idSchema = z.number().int().positive();
export const imageSchema = z.string().trim().max(500).nullable();

/** A version the client read; an update carries it and is refused with CATALOGUE_STALE_EDIT when it moved on. */
export const editorVersionSchema = z.number().int().positive();

export function textsSchema<T extends z.ZodRawShape>(shape: T) {
  return z.partialRecord(z.enum(LANGUAGES), z.object(shape).partial().strict());
}

export const productTextShape = {
  title: z.string().trim().max(MAX_TITLE_LENGTH),
  description: z.string().max(MAX_DESCRIPTION_LENGTH),
  label: z.string().trim().max(MAX_TITLE_LENGTH),
};
const titledTextShape = { title: z.string().trim().max(MAX_TITLE_LENGTH), description: z.string().max(MAX_DESCRIPTION_LENGTH) };
const audienceTextShape = { name: z.string().trim().max(MAX_TITLE_LENGTH), description: z.string().max(MAX_DESCRIPTION_LENGTH) };

/** Adds a min_above_max issue on `max` when min > max. */
export function checkMinMax(ctx: z.RefinementCtx, min: number, max: number, path: (string | number)[]) {
  if (min > max) ctx.addIssue({ code: 'custom', path, params: { rule: EDITOR_RULES.minAboveMax }, message: 'The minimum is above the maximum' });
}

export function checkUnique(ctx: z.RefinementCtx, ids: readonly number[], field: string) {
  const seen = new Set<number>();
  ids.forEach((id, index) => {
    if (seen.has(id)) ctx.addIssue({ code: 'custom', path: [field, index], params: { rule: EDITOR_RULES.duplicate }, message: 'Listed twice' });
    seen.add(id);
  });
}

export const categoryEditorSchema = z
  .object({
    slug: slugSchema,
    parent_id: idSchema.nullable().default(null),
    state: z.enum(CATALOGUE_STATES).default('DRAFT'),
    sort: z.number().int().min(-1_000_000).max(1_000_000).default(0),
    image: imageSchema.default(null),
    texts: textsSchema(titledTextShape),
  })
  .strict();
export type CategoryEditorInput = z.infer<typeof categoryEditorSchema>;

export const audienceEditorSchema = z
  .object({
    group: z.string().trim().max(100).nullable().default(null),
    sort: z.number().int().min(-1_000_000).max(1_000_000).default(0),
    texts: textsSchema(audienceTextShape),
  })
  .strict();
export type AudienceEditorInput = z.infer<typeof audienceEditorSchema>;

export const upsellEditorSchema = z
  .object({
    upsell_type: upsellTypeSchema.default('STANDARD'),
    price: editorAmountSchema,
    max_quantity: quantitySchema.default(999),
    /** DONATION: the step a donor moves the amount by (null: any amount). */
    donation_step: editorAmountSchema.nullable().default(null),
    image: imageSchema.default(null),
    texts: textsSchema(titledTextShape),
    /** Its tax rule (src/domain/tax.ts); null: no tax; left out: unchanged. */
    tax_rule_id: idSchema.nullable().optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.upsell_type === 'STANDARD' && value.donation_step !== null)
      ctx.addIssue({ code: 'custom', path: ['donation_step'], params: { rule: 'donation_only' }, message: 'Only a donation has a step' });
  });
export type UpsellEditorInput = z.infer<typeof upsellEditorSchema>;

export const productAudienceEditorSchema = z
  .object({
    audience_id: idSchema,
    price: editorAmountSchema,
    min_quantity: quantitySchema.default(0),
    max_quantity: quantitySchema.default(20),
    fixed_quantity: z.boolean().default(false),
    dependant: z.boolean().default(false),
    hidden: z.boolean().default(false),
  })
  .strict();

export const productEditorSchema = z
  .object({
    slug: slugSchema,
    state: z.enum(CATALOGUE_STATES).default('DRAFT'),
    visible: z.boolean().default(true),
    sort: z.number().int().min(-1_000_000).max(1_000_000).default(0),
    image: imageSchema.default(null),
    price_type: priceTypeSchema,
    capacity_type: capacityTypeSchema.default('LIMITED'),
    price: editorAmountSchema.default(0),
    has_days: z.boolean().default(false),
    has_timeslots: z.boolean().default(false),
    show_end_time: z.boolean().default(false),
    show_availability: z.boolean().default(true),
    min_quantity: quantitySchema.default(1),
    max_quantity: quantitySchema.default(20),
    allow_reservations: z.boolean().default(false),
    /** Its tickets' tax rule (src/domain/tax.ts); null: no tax; left out: unchanged. */
    tax_rule_id: idSchema.nullable().optional(),
    texts: textsSchema(productTextShape),
    audiences: z.array(productAudienceEditorSchema).max(50).default([]),
    upsell_ids: z.array(idSchema).max(100).default([]),
    cross_sell_ids: z.array(idSchema).max(100).default([]),
    category_ids: z.array(idSchema).max(100).default([]),
  })
  .strict()
  .superRefine((value, ctx) => {
    checkMinMax(ctx, value.min_quantity, value.max_quantity, ['max_quantity']);
    value.audiences.forEach((audience, index) => checkMinMax(ctx, audience.min_quantity, audience.max_quantity, ['audiences', index, 'max_quantity']));
    checkUnique(
      ctx,
      value.audiences.map((a) => a.audience_id),
      'audiences',
    );
    checkUnique(ctx, value.upsell_ids, 'upsell_ids');
    checkUnique(ctx, value.cross_sell_ids, 'cross_sell_ids');
    checkUnique(ctx, value.category_ids, 'category_ids');
    if (value.price_type === 'AUDIENCE' && value.audiences.length === 0)
      ctx.addIssue({ code: 'custom', path: ['audiences'], params: { rule: 'required_for_audience_price' }, message: 'Audience pricing needs audiences' });
  });
export type ProductEditorInput = z.infer<typeof productEditorSchema>;

/** An update: the whole editor form plus the version it was read at. */
export const productUpdateSchema = z.object({ version: editorVersionSchema, product: productEditorSchema }).strict();
export const categoryUpdateSchema = z.object({ version: editorVersionSchema, category: categoryEditorSchema }).strict();
export const upsellUpdateSchema = z.object({ version: editorVersionSchema, upsell: upsellEditorSchema }).strict();

/**
 * Which languages' texts an entity may carry: the organisation's; the default language must hold
 * `required` (the storefront falls back to it, translate() in languages.ts). Answers field → rule.
 */
export function checkTranslations(
  texts: Partial<Record<Language, Record<string, string | undefined>>>,
  offered: readonly Language[],
  defaultLanguage: Language,
  required: string,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const language of Object.keys(texts) as Language[]) {
    if (!offered.includes(language)) fields[`texts.${language}`] = EDITOR_RULES.languageNotOffered;
  }
  const value = texts[defaultLanguage]?.[required];
  if (typeof value !== 'string' || value.trim() === '') fields[`texts.${defaultLanguage}.${required}`] = EDITOR_RULES.defaultLanguageMissing;
  return fields;
}

/** A 2-decimal editor amount → cents (the schema already bounds it). */
export const editorCents = (amount: number) => toCents(amount);

/** Images the editor takes: JPEG, PNG and WebP up to MAX_IMAGE_BYTES. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
/** Widths the storefront shows images at (cards, detail modal, wide screens), stored as WebP. */
export const IMAGE_WIDTHS = [400, 800, 1600] as const;
/** The width the catalogue's `image` URL names (cards and the item modal show it). */
export const IMAGE_MAIN_WIDTH = 800;

/* ---------- what the editor reads back (response schemas) ---------- */

export const storedTextsSchema = z.partialRecord(z.enum(LANGUAGES), z.record(z.string(), z.string()));
const versioned = { id: idSchema, version: editorVersionSchema };

export const categoryEditorViewSchema = z.object({
  ...versioned,
  slug: z.string(),
  parent_id: idSchema.nullable(),
  state: z.enum(CATALOGUE_STATES),
  sort: z.number().int(),
  image: z.string().nullable(),
  texts: storedTextsSchema,
});
export const audienceEditorViewSchema = z.object({ id: idSchema, group: z.string().nullable(), sort: z.number().int(), texts: storedTextsSchema });
export const upsellEditorViewSchema = z.object({
  ...versioned,
  upsell_type: upsellTypeSchema,
  price: z.number(),
  max_quantity: z.number().int(),
  donation_step: z.number().nullable(),
  image: z.string().nullable(),
  texts: storedTextsSchema,
  tax_rule_id: idSchema.nullable().optional(),
});
export const productListRowSchema = z.object({
  ...versioned,
  slug: z.string(),
  state: z.enum(CATALOGUE_STATES),
  visible: z.boolean(),
  price_type: priceTypeSchema,
  price: z.number(),
  texts: storedTextsSchema,
  image: z.string().nullable(),
  sort: z.number().int(),
});
export const productEditorViewSchema = z.object({
  ...versioned,
  slug: z.string(),
  state: z.enum(CATALOGUE_STATES),
  visible: z.boolean(),
  sort: z.number().int(),
  image: z.string().nullable(),
  price_type: priceTypeSchema,
  capacity_type: capacityTypeSchema,
  price: z.number(),
  has_days: z.boolean(),
  has_timeslots: z.boolean(),
  show_end_time: z.boolean(),
  show_availability: z.boolean(),
  min_quantity: z.number().int(),
  max_quantity: z.number().int(),
  allow_reservations: z.boolean(),
  tax_rule_id: idSchema.nullable().optional(),
  texts: storedTextsSchema,
  audiences: z.array(
    z.object({
      audience_id: idSchema,
      price: z.number(),
      min_quantity: z.number().int(),
      max_quantity: z.number().int(),
      fixed_quantity: z.boolean(),
      dependant: z.boolean(),
      hidden: z.boolean(),
    }),
  ),
  upsell_ids: z.array(idSchema),
  cross_sell_ids: z.array(idSchema),
  category_ids: z.array(idSchema),
});
export const catalogueLanguagesSchema = z.object({ languages: z.array(z.enum(LANGUAGES)), default_language: z.enum(LANGUAGES) });
export const storedImageSchema = z.object({ url: z.string(), sizes: z.array(z.object({ width: z.number().int(), url: z.string() })) });
