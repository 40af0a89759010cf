/**
 * The back office's organisation-level editors (issue 20 item 3): the shop's settings, customer fields,
 * additions and the FAQ (questions and contact details), as zod schemas shared by the API (request
 * schemas in the OpenAPI document) and the back-office forms. Amounts are 2-decimal numbers at this
 * edge; a refusal names the field and a rule (zod's own or one of SETTINGS_RULES / EDITOR_RULES).
 *
 * A save carries the `version` it read (an opaque tag of the stored row): a save over a row changed
 * since is refused with 409 CATALOGUE_STALE_EDIT, as the catalogue editor refuses one.
 */
import { z } from 'zod';
import { contrastRatio, parseHex, TEXT_CONTRAST, WHITE, type Rgb } from '../colour-contrast.ts';
import { FIELD_TYPES } from '../contracts/field-types.ts';
import { builtInProperty } from '../order/customer-form.ts';
import { LANGUAGES } from '../languages.ts';
import { editorAmountSchema, EDITOR_RULES, MAX_DESCRIPTION_LENGTH, MAX_TITLE_LENGTH } from './catalogue-editor.ts';

/** Rules beyond zod's issue codes (lower case, like zod's). */
export const SETTINGS_RULES = {
  optionsRequired: 'options_required',
  optionsOnlyForDropdown: 'options_only_for_dropdown',
  defaultLanguageNotOffered: 'default_language_not_offered',
  nameTaken: 'name_taken',
  builtInName: 'built_in_name',
} as const;

/* ---------- the theme colour and the timezone ---------- */

/** The dark text the storefront puts on a pale theme colour (src/app/theme.ts). */
const THEME_DARK_TEXT: Rgb = [17, 17, 17];

/**
 * Whether the storefront can write on `hex`: its buttons carry white or dark text, whichever reads
 * better (src/app/theme.ts); a colour on which neither reaches WCAG AA (4.5:1) is unreadable.
 */
export function themeColourReadable(hex: string): boolean {
  const colour = parseHex(hex);
  if (!colour) return false;
  return Math.max(contrastRatio(colour, WHITE), contrastRatio(colour, THEME_DARK_TEXT)) >= TEXT_CONTRAST;
}

/** Whether `name` is an IANA timezone this runtime knows ("Europe/Amsterdam", "UTC"). */
export function isKnownTimezone(name: string): boolean {
  if (!/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Whether `code` is an ISO 4217 currency this runtime formats. */
export function isKnownCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('currency');
  return supported ? supported.includes(code) : true;
}

/* ---------- organisation settings (owner only) ---------- */

const language = z.enum(LANGUAGES);
const optionalText = (max: number) => z.string().trim().max(max).nullable().default(null);
const version = z.string().min(1).max(100).describe('The version the settings were read at (409 CATALOGUE_STALE_EDIT when changed since)');

export const organisationSettingsSchema = z
  .object({
    texts: z.partialRecord(language, z.object({ name: z.string().trim().max(MAX_TITLE_LENGTH) }).strict()),
    logo: z.string().trim().max(500).nullable().default(null),
    theme_colour: z
      .string()
      .trim()
      .regex(/^#?[0-9a-fA-F]{6}$/)
      .transform((value) => value.replace(/^#/, '').toLowerCase())
      .describe("Six hex digits ('#' optional); 400 THEME_COLOUR_UNREADABLE when no text reads on it"),
    currency: z.string().trim().toUpperCase().length(3),
    timezone: z.string().trim().min(1).max(64).describe('IANA timezone; 400 TIMEZONE_UNKNOWN when unknown'),
    languages: z.array(language).min(1).max(LANGUAGES.length),
    default_language: language,
    allow_shopping_cart: z.boolean(),
    allow_business: z.boolean(),
    rebooking_allowed: z.boolean(),
    hold_minutes: z
      .number()
      .int()
      .min(1)
      .max(24 * 60),
    waitlist_hold_minutes: z
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60),
    security_enabled: z.boolean(),
    captcha_site_key: optionalText(200),
    notification_email: z.email().max(254).nullable().default(null),
    /** The seller on receipts, invoices and credit notes (left out: unchanged; null: the shop's name). */
    legal_name: z.string().trim().max(200).nullable().optional(),
    /** The seller's address as documents print it, lines separated by newlines. */
    address: z.string().trim().max(500).nullable().optional(),
    /** The seller's EU VAT number (src/domain/vat-id.ts; another format: VAT_ID_INVALID). */
    vat_id: z.string().trim().max(30).nullable().optional(),
    /** An invoice order's payment terms in days. */
    invoice_due_days: z.number().int().min(0).max(365).optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (!value.languages.includes(value.default_language))
      ctx.addIssue({
        code: 'custom',
        path: ['default_language'],
        params: { rule: SETTINGS_RULES.defaultLanguageNotOffered },
        message: 'Not one of the languages',
      });
    const seen = new Set<string>();
    value.languages.forEach((entry, index) => {
      if (seen.has(entry)) ctx.addIssue({ code: 'custom', path: ['languages', index], params: { rule: EDITOR_RULES.duplicate }, message: 'Listed twice' });
      seen.add(entry);
    });
  });
export type OrganisationSettingsInput = z.infer<typeof organisationSettingsSchema>;
export const organisationSettingsUpdateSchema = z.object({ version, settings: organisationSettingsSchema }).strict();

export const organisationSettingsViewSchema = z
  .object({
    version: z.string(),
    texts: z.partialRecord(language, z.object({ name: z.string() }).partial()),
    logo: z.string().nullable(),
    theme_colour: z.string(),
    currency: z.string(),
    timezone: z.string(),
    languages: z.array(language),
    default_language: language,
    allow_shopping_cart: z.boolean(),
    allow_business: z.boolean(),
    rebooking_allowed: z.boolean(),
    hold_minutes: z.number().int(),
    waitlist_hold_minutes: z.number().int(),
    security_enabled: z.boolean(),
    captcha_site_key: z.string().nullable(),
    notification_email: z.string().nullable(),
    legal_name: z.string().nullable().optional(),
    address: z.string().nullable().optional(),
    vat_id: z.string().nullable().optional(),
    invoice_due_days: z.number().int().optional(),
  })
  .meta({ id: 'OrganisationSettings' });
export type OrganisationSettingsView = z.infer<typeof organisationSettingsViewSchema>;

/* ---------- customer fields ---------- */

const idList = z.array(z.number().int().positive()).max(500).default([]);

export const customerFieldEditorSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1)
      .max(60)
      .regex(/^[a-z][a-z0-9_]*$/)
      .describe('The key the value travels under (built-in types: their customer property)'),
    type: z.enum(FIELD_TYPES),
    required: z.boolean().default(false),
    default: z.boolean().default(false),
    business: z.boolean().default(false),
    sort: z.number().int().min(-1_000_000).max(1_000_000).default(0),
    options: z
      .array(
        z
          .object({
            value: z.string().trim().min(1).max(200),
            labels: z.partialRecord(language, z.string().trim().max(MAX_TITLE_LENGTH)),
          })
          .strict(),
      )
      .max(200)
      .default([]),
    products: idList,
    subscriptions: idList,
    vouchers: idList,
    texts: z.partialRecord(language, z.object({ label: z.string().trim().max(MAX_TITLE_LENGTH) }).strict()),
  })
  .strict()
  .superRefine((value, ctx) => {
    // Built-in types travel as a customer property (the storefront's form, src/domain/order/customer-form.ts):
    // their field must be named after it, or the form and the checkout would look elsewhere.
    const builtIn = builtInProperty(value.type);
    if (builtIn && value.name !== builtIn)
      ctx.addIssue({ code: 'custom', path: ['name'], params: { rule: SETTINGS_RULES.builtInName }, message: `This type's name is ${builtIn}` });
    if (value.type === 'DROPDOWN' && value.options.length === 0)
      ctx.addIssue({ code: 'custom', path: ['options'], params: { rule: SETTINGS_RULES.optionsRequired }, message: 'A dropdown needs options' });
    if (value.type !== 'DROPDOWN' && value.options.length > 0)
      ctx.addIssue({ code: 'custom', path: ['options'], params: { rule: SETTINGS_RULES.optionsOnlyForDropdown }, message: 'Only a dropdown has options' });
    const seen = new Set<string>();
    value.options.forEach((option, index) => {
      if (seen.has(option.value))
        ctx.addIssue({ code: 'custom', path: ['options', index, 'value'], params: { rule: EDITOR_RULES.duplicate }, message: 'Listed twice' });
      seen.add(option.value);
    });
  });
export type CustomerFieldEditorInput = z.infer<typeof customerFieldEditorSchema>;
export const customerFieldUpdateSchema = z.object({ version, field: customerFieldEditorSchema }).strict();

const storedTexts = z.partialRecord(language, z.record(z.string(), z.string()));

export const customerFieldEditorViewSchema = z
  .object({
    id: z.number().int(),
    version: z.string(),
    name: z.string(),
    type: z.enum(FIELD_TYPES),
    required: z.boolean(),
    default: z.boolean(),
    business: z.boolean(),
    sort: z.number().int(),
    options: z.array(z.object({ value: z.string(), labels: z.partialRecord(language, z.string()) })),
    products: z.array(z.number().int()),
    subscriptions: z.array(z.number().int()),
    vouchers: z.array(z.number().int()),
    texts: storedTexts,
  })
  .meta({ id: 'CustomerFieldEditor' });
export type CustomerFieldEditorView = z.infer<typeof customerFieldEditorViewSchema>;

/* ---------- additions ---------- */

export const additionEditorSchema = z
  .object({
    type: z.union([z.literal(0), z.literal(1)]).describe('0: new bookings; 1: rebookings'),
    amount: editorAmountSchema,
    texts: z.partialRecord(language, z.object({ name: z.string().trim().max(MAX_TITLE_LENGTH) }).strict()),
  })
  .strict();
export type AdditionEditorInput = z.infer<typeof additionEditorSchema>;
export const additionUpdateSchema = z.object({ version, addition: additionEditorSchema }).strict();
export const additionEditorViewSchema = z
  .object({ id: z.number().int(), version: z.string(), type: z.union([z.literal(0), z.literal(1)]), amount: z.number(), texts: storedTexts })
  .meta({ id: 'AdditionEditor' });
export type AdditionEditorView = z.infer<typeof additionEditorViewSchema>;

/* ---------- FAQ: questions and the contact details behind the support cards ---------- */

export const faqQuestionEditorSchema = z
  .object({
    sort: z.number().int().min(-1_000_000).max(1_000_000).default(0),
    texts: z.partialRecord(
      language,
      z.object({ question: z.string().trim().max(MAX_TITLE_LENGTH), answer: z.string().max(MAX_DESCRIPTION_LENGTH).describe('HTML, sanitised') }).strict(),
    ),
  })
  .strict();
export type FaqQuestionEditorInput = z.infer<typeof faqQuestionEditorSchema>;
export const faqQuestionUpdateSchema = z.object({ version, question: faqQuestionEditorSchema }).strict();
export const faqQuestionEditorViewSchema = z
  .object({ id: z.number().int(), version: z.string(), sort: z.number().int(), texts: storedTexts })
  .meta({ id: 'FaqQuestionEditor' });
export type FaqQuestionEditorView = z.infer<typeof faqQuestionEditorViewSchema>;

const url = z
  .url({ protocol: /^https?$/ })
  .max(500)
  .nullable()
  .default(null);

export const faqContactSchema = z
  .object({
    faq_enabled: z.boolean(),
    phone_number: z
      .string()
      .trim()
      .max(40)
      .regex(/^\+?[\d\s\-.()/]+$/)
      .nullable()
      .default(null),
    email: z.email().max(254).nullable().default(null),
    whatsapp_url: url,
    opening_hours_url: url,
  })
  .strict();
export type FaqContactInput = z.infer<typeof faqContactSchema>;
export const faqContactUpdateSchema = z.object({ version, contact: faqContactSchema }).strict();
export const faqContactViewSchema = z
  .object({
    version: z.string(),
    faq_enabled: z.boolean(),
    phone_number: z.string().nullable(),
    email: z.string().nullable(),
    whatsapp_url: z.string().nullable(),
    opening_hours_url: z.string().nullable(),
  })
  .meta({ id: 'FaqContactEditor' });
export type FaqContactView = z.infer<typeof faqContactViewSchema>;

/** A DELETE of a customer field, addition or FAQ question carries the version it read in `?version=`; it answers `{ deleted: true }`. */
export const versionQuerySchema = z.object({ version: z.string().min(1).max(100) }).strict();
export const deletedSchema = z.object({ deleted: z.literal(true) });
