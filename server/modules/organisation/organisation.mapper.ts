/** Organisation rows → the `Organisation` the storefront reads (texts in the answer language). */
import type { Addition, CustomerField, Organisation } from '#domain/contracts/organisation.ts';
import { toAmount } from '#domain/money.ts';
import { LANGUAGES, translate, type Language } from '#domain/languages.ts';
import type { AdditionRow, CustomerFieldRow, OrganisationRow } from './organisation.repo.ts';

/** A label kept per language (DROPDOWN options): the answer language, the default, then any. */
export function pickLabel(labels: Partial<Record<Language, string>>, language: Language, fallback: Language): string | null {
  for (const candidate of [language, fallback, ...LANGUAGES]) {
    const label = labels[candidate];
    if (label) return label;
  }
  return null;
}

export function toCustomerField(row: CustomerFieldRow, language: Language, fallback: Language): CustomerField {
  return {
    id: row.id,
    name: row.name,
    label: translate(row.texts, language, fallback).label ?? row.name,
    type: row.type,
    required: row.required,
    default: row.isDefault,
    business: row.business,
    options: row.options.map((option) => ({ value: option.value, label: pickLabel(option.labels, language, fallback) ?? option.value })),
    sort: row.sort,
    subscriptions: row.subscriptions,
    products: row.products,
    vouchers: row.vouchers,
  };
}

// Per field list and language: the checkout's catalogue reader hands out the same list until the
// fields change (catalogue/checkout-catalogue.ts), so each checkout need not translate them again.
const fieldsIn = new WeakMap<readonly CustomerFieldRow[], Map<string, CustomerField[]>>();

/**
 * `rows` as customer fields in `language`, mapped once per list and language: the list answered is
 * shared (frozen), to be read, never changed.
 */
export function customerFieldsIn(rows: readonly CustomerFieldRow[], language: Language, fallback: Language): CustomerField[] {
  let byLanguage = fieldsIn.get(rows);
  if (!byLanguage) {
    byLanguage = new Map();
    fieldsIn.set(rows, byLanguage);
  }
  const key = `${language}|${fallback}`;
  let fields = byLanguage.get(key);
  if (!fields) {
    fields = Object.freeze(rows.map((row) => Object.freeze(toCustomerField(row, language, fallback)))) as CustomerField[];
    byLanguage.set(key, fields);
  }
  return fields;
}

export function toAddition(row: AdditionRow, language: Language, fallback: Language): Addition {
  return {
    id: row.id,
    name: translate(row.texts, language, fallback).name ?? '',
    amount: toAmount(row.amountCents),
    type: row.type,
  };
}

export interface OrganisationParts {
  organisation: OrganisationRow;
  fields: CustomerFieldRow[];
  additions: AdditionRow[];
  servedCategories: number;
  /** The captcha escalation can run (server/security captchaChallengeActive): security on and verifiable. */
  captchaActive: boolean;
}

export function toOrganisation({ organisation, fields, additions, servedCategories, captchaActive }: OrganisationParts, language: Language): Organisation {
  const fallback = organisation.defaultLanguage;
  return {
    id: organisation.id,
    name: translate(organisation.texts, language, fallback).name ?? '',
    currency: organisation.currency,
    timezone: organisation.timezone,
    theme_colour: organisation.themeColour,
    default_language: organisation.defaultLanguage,
    languages: organisation.languages,
    logo: organisation.logo,
    shop: {
      categories: servedCategories,
      allowShoppingCart: organisation.allowShoppingCart,
      allow_business: organisation.allowBusiness,
    },
    fields: fields.map((field) => toCustomerField(field, language, fallback)),
    business_fields: organisation.businessFields,
    additions: additions.map((addition) => toAddition(addition, language, fallback)),
    security: {
      // Off unless the server can verify a token too, so the storefront never shows a captcha in vain.
      enabled: captchaActive,
      // A site key is public by design (it is embedded in the page); the secret never leaves the server.
      captcha_key: organisation.captchaSiteKey,
    },
  };
}
