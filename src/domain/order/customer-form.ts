/**
 * The customer step (spec sections 3 and 5, Customer fields; section 4, Company toggle): which
 * fields are asked, where each value lives, and whether the form may be sent. The storefront form
 * and the server's order check both call `validateCustomer`.
 */
import type { CustomerField, FieldType } from '../contracts/organisation.ts';
import { BUSINESS_FIELD_TYPES } from '../contracts/organisation.ts';
import { fieldApplies, type CartItems } from '../field-applicability.ts';
import { emailsMatch, validateFieldValue, type FieldProblem } from '../validation/field-rules.ts';

export interface CustomerFormValues {
  first_name: string;
  last_name: string;
  email: string;
  company: string;
  vat_id: string;
  address: string;
  zipcode: string;
  city: string;
  /** Custom fields by `CustomerField.name`. */
  fields: Record<string, string | number | boolean | null>;
}

export interface CustomerFormOptions {
  /** The organisation's shop.allow_business. */
  allowBusiness: boolean;
  /** Whether the visitor ticked the company box. */
  companyTicked: boolean;
}

export type CustomerProblem = FieldProblem | 'emails_differ';

/** Built-in field types whose value is a top-level customer property. */
const BUILT_IN_PROPERTY = {
  FIRST_NAME: 'first_name',
  LAST_NAME: 'last_name',
  EMAIL: 'email',
  COMPANY: 'company',
  ADDRESS: 'address',
  ZIPCODE: 'zipcode',
  CITY: 'city',
  VAT_ID: 'vat_id',
} as const satisfies Partial<Record<FieldType, keyof CustomerFormValues>>;

type BuiltInType = keyof typeof BUILT_IN_PROPERTY;

/** The customer property a built-in field type travels as (null for the rest, which travel under their name). */
export function builtInProperty(type: FieldType): (typeof BUILT_IN_PROPERTY)[BuiltInType] | null {
  return type in BUILT_IN_PROPERTY ? BUILT_IN_PROPERTY[type as BuiltInType] : null;
}

/** A field belongs to the company part of the form by its flag or its type. */
export function isBusinessField(field: CustomerField): boolean {
  return field.business || (BUSINESS_FIELD_TYPES as readonly FieldType[]).includes(field.type);
}

/**
 * The fields the form shows, in `sort` order: those that apply to an item in the cart, and the
 * business ones only when the shop does not offer the company box or the box is ticked.
 */
export function applicableFields(fields: readonly CustomerField[], cart: CartItems, options: CustomerFormOptions): CustomerField[] {
  const showBusiness = !options.allowBusiness || options.companyTicked;
  return fields.filter((field) => fieldApplies(field, cart) && (showBusiness || !isBusinessField(field))).sort((a, b) => a.sort - b.sort);
}

/** The value of a field: built-in types are customer properties, the rest sit in `fields`. */
export function customerValue(values: CustomerFormValues, field: CustomerField): string | number | boolean | null {
  const property = builtInProperty(field.type);
  if (property !== null) return values[property];
  return values.fields[field.name] ?? null;
}

/**
 * Problems keyed by field name; an empty object means the customer step is ready. Every shown
 * field is checked by its type's rule; then all e-mail and confirmation values must be the same
 * address ignoring case, reported as `emails_differ` on each confirmation field.
 */
export function validateCustomer(
  values: CustomerFormValues,
  fields: readonly CustomerField[],
  cart: CartItems,
  options: CustomerFormOptions,
): Record<string, CustomerProblem> {
  const problems: Record<string, CustomerProblem> = {};
  const shown = applicableFields(fields, cart, options);
  for (const field of shown) {
    const problem = validateFieldValue({ type: field.type, required: field.required, options: field.options }, customerValue(values, field));
    if (problem !== null) problems[field.name] = problem;
  }

  const emailFields = shown.filter((field) => field.type === 'EMAIL' || field.type === 'EMAIL_CONFIRM');
  const emails = emailFields.map((field) => String(customerValue(values, field) ?? ''));
  if (!emailsMatch(emails)) {
    for (const field of emailFields) {
      if (field.type === 'EMAIL_CONFIRM' && problems[field.name] === undefined) problems[field.name] = 'emails_differ';
    }
  }
  return problems;
}

/**
 * Unticking the company box clears every company value: company, vat_id, address, zipcode, city,
 * and the custom fields flagged as business (set to null), so nothing hidden is sent along.
 */
export function clearBusinessValues(values: CustomerFormValues, fields: readonly CustomerField[] = []): CustomerFormValues {
  const custom = { ...values.fields };
  for (const field of fields) {
    if (isBusinessField(field) && builtInProperty(field.type) === null) custom[field.name] = null;
  }
  return { ...values, company: '', vat_id: '', address: '', zipcode: '', city: '', fields: custom };
}
