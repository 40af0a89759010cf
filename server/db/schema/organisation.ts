/**
 * The organisation that runs the shop: settings, customer fields, additions, FAQ.
 * One database serves one shop, so `organisations` holds a single row.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import type { FieldType } from '#domain/contracts/organisation.ts';
import type { Language } from '#domain/languages.ts';
import type { TaxKind } from '#domain/tax.ts';
import { createdAt, id, texts } from './columns.ts';

export const organisations = pgTable(
  'organisations',
  {
    id: id(),
    texts: texts<{ name: string }>(),
    currency: text('currency').notNull().default('EUR'),
    timezone: text('timezone').notNull().default('Europe/Amsterdam'),
    themeColour: text('theme_colour').notNull().default('1abc9c'),
    defaultLanguage: text('default_language').$type<Language>().notNull().default('en'),
    languages: jsonb('languages').$type<Language[]>().notNull(),
    logo: text('logo'),
    allowShoppingCart: boolean('allow_shopping_cart').notNull().default(true),
    allowBusiness: boolean('allow_business').notNull().default(false),
    businessFields: jsonb('business_fields').$type<{ type: FieldType; invoice: boolean }[]>().notNull().default([]),
    securityEnabled: boolean('security_enabled').notNull().default(false),
    captchaSiteKey: text('captcha_site_key'),
    faqEnabled: boolean('faq_enabled').notNull().default(true),
    phoneNumber: text('phone_number'),
    email: text('email'),
    whatsappUrl: text('whatsapp_url'),
    openingHoursUrl: text('opening_hours_url'),
    rebookingAllowed: boolean('rebooking_allowed').notNull().default(false),
    rebookingSecret: text('rebooking_secret'),
    /** How long an unpaid order holds its places. */
    holdMinutes: integer('hold_minutes').notNull().default(15),
    /** How long places that came back are held for the waiting-list entry they were offered to. */
    waitlistHoldMinutes: integer('waitlist_hold_minutes').notNull().default(30),
    /** Where refund requests and order notifications go. */
    notificationEmail: text('notification_email'),
    /** The seller as its invoices, receipts and credit notes name it (null: the shop's name in its default language). */
    legalName: text('legal_name'),
    /** The seller's address as documents print it (lines separated by newlines). */
    address: text('address'),
    /** The seller's VAT identification number, printed on every document. */
    vatId: text('vat_id'),
    /** An invoice order's payment terms: the invoice is due this many days after its date. */
    invoiceDueDays: integer('invoice_due_days').notNull().default(14),
    createdAt: createdAt(),
  },
  (t) => [
    check('organisations_theme_colour', sql`${t.themeColour} ~ '^[0-9a-fA-F]{6}$'`),
    check('organisations_hold_minutes', sql`${t.holdMinutes} > 0`),
    check('organisations_waitlist_hold_minutes', sql`${t.waitlistHoldMinutes} > 0`),
    check('organisations_invoice_due_days', sql`${t.invoiceDueDays} between 0 and 365`),
  ],
);

/**
 * The organisation's tax rules (src/domain/tax.ts): a name as documents print it, a rate in basis
 * points (900 = 9 %) and a kind. Products, upsells, subscriptions and the booking fee each name one;
 * a good without a rule is sold without tax.
 */
export const taxRules = pgTable(
  'tax_rules',
  {
    id: id(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    rateBp: integer('rate_bp').notNull(),
    kind: text('kind').$type<TaxKind>().notNull().default('STANDARD'),
    createdAt: createdAt(),
  },
  (t) => [check('tax_rules_rate', sql`${t.rateBp} between 0 and 10000`), check('tax_rules_kind', sql`${t.kind} in ('STANDARD','ZERO_RATED','EXEMPT')`)],
);

export const customerFields = pgTable(
  'customer_fields',
  {
    id: id(),
    /** Key in `customer.fields`, or the customer property for built-in types. */
    name: text('name').notNull(),
    type: text('type').$type<FieldType>().notNull(),
    required: boolean('required').notNull().default(false),
    isDefault: boolean('is_default').notNull().default(false),
    business: boolean('business').notNull().default(false),
    /** DROPDOWN options: stored value plus a label per language. */
    options: jsonb('options').$type<{ value: string; labels: Partial<Record<Language, string>> }[]>().notNull().default([]),
    sort: integer('sort').notNull().default(0),
    /** Applicability: ids of the items the field applies to; all three empty means every item. */
    products: jsonb('products').$type<number[]>().notNull().default([]),
    subscriptions: jsonb('subscriptions').$type<number[]>().notNull().default([]),
    vouchers: jsonb('vouchers').$type<number[]>().notNull().default([]),
    texts: texts<{ label: string }>(),
  },
  (t) => [
    check(
      'customer_fields_type',
      sql`${t.type} in ('TEXT','FIRST_NAME','LAST_NAME','COMPANY','ADDRESS','VAT_ID','ZIPCODE','CITY','EMAIL','EMAIL_CONFIRM','NUMBER','PHONE','DATE','CHECKBOX','DROPDOWN')`,
    ),
  ],
);

export const additions = pgTable(
  'additions',
  {
    id: id(),
    amountCents: integer('amount_cents').notNull(),
    /** 0: new bookings; 1: rebookings. */
    type: smallint('type').$type<0 | 1>().notNull(),
    texts: texts<{ name: string }>(),
    /** The booking fee's tax rule (null: no tax). */
    taxRuleId: integer('tax_rule_id').references(() => taxRules.id, { onDelete: 'restrict' }),
  },
  (t) => [check('additions_type', sql`${t.type} in (0, 1)`)],
);

export const faqQuestions = pgTable('faq_questions', {
  id: id(),
  sort: integer('sort').notNull().default(0),
  /** answer is HTML, sanitised when served. */
  texts: texts<{ question: string; answer: string }>(),
});
