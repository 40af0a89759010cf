/** GET /api/organisation: the shop's settings the storefront needs (spec section 3, Organisation). */
import type { Language } from '../languages.ts';

export const FIELD_TYPES = [
  'TEXT',
  'FIRST_NAME',
  'LAST_NAME',
  'COMPANY',
  'ADDRESS',
  'VAT_ID',
  'ZIPCODE',
  'CITY',
  'EMAIL',
  'EMAIL_CONFIRM',
  'NUMBER',
  'PHONE',
  'DATE',
  'CHECKBOX',
  'DROPDOWN',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** The customer fields every order asks for; their `default` flag is true. */
export const DEFAULT_FIELD_TYPES = ['FIRST_NAME', 'LAST_NAME', 'EMAIL'] as const satisfies readonly FieldType[];
/** Fields that belong to a company and show only when the company box is ticked. */
export const BUSINESS_FIELD_TYPES = ['COMPANY', 'ADDRESS', 'ZIPCODE', 'CITY', 'VAT_ID'] as const satisfies readonly FieldType[];

export interface FieldOption {
  value: string;
  label: string;
}

export interface CustomerField {
  id: number;
  /** The key the value travels under in `customer.fields` (or the customer property for built-in types). */
  name: string;
  label: string;
  type: FieldType;
  required: boolean;
  default: boolean;
  business: boolean;
  options: FieldOption[];
  sort: number;
  /** Ids of the items the field applies to; all three empty means every item (src/domain/field-applicability.ts). */
  subscriptions: number[];
  products: number[];
  vouchers: number[];
}

export interface Addition {
  id: number;
  name: string;
  amount: number;
  /** 0: applies to new bookings; 1: applies to rebookings. */
  type: 0 | 1;
}

export interface Organisation {
  id: number;
  name: string;
  /** ISO 4217, for Intl formatting. */
  currency: string;
  /** IANA timezone every date and time is shown in. */
  timezone: string;
  /** Six hex digits without '#'. */
  theme_colour: string;
  default_language: Language;
  languages: Language[];
  logo: string | null;
  shop: { categories: number; allowShoppingCart: boolean; allow_business: boolean };
  fields: CustomerField[];
  business_fields: { type: FieldType; invoice: boolean }[];
  additions: Addition[];
  security: { enabled: boolean; captcha_key: string | null };
}
