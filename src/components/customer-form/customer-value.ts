/**
 * Writing one field's value into the form values. Where a value lives (a customer property or
 * `fields[name]`) is decided once, by the domain's `customerValue`; this asks it rather than
 * keeping a second copy of that mapping: it offers the field a marked copy of each place and keeps
 * the place `customerValue` reads back.
 */
import { customerValue, type CustomerFormValues } from '#domain/order/customer-form.ts';
import type { CustomerField } from '#domain/contracts/organisation.ts';

export type CustomerFieldValue = string | number | boolean | null;

const MARK = '\u0000customer-form-probe';

type TopLevelProperty = Exclude<keyof CustomerFormValues, 'fields'>;

/** A form nobody has filled in yet. */
export const EMPTY_CUSTOMER: CustomerFormValues = {
  first_name: '',
  last_name: '',
  email: '',
  company: '',
  vat_id: '',
  address: '',
  zipcode: '',
  city: '',
  fields: {},
};
const TOP_LEVEL = (Object.keys(EMPTY_CUSTOMER) as (keyof CustomerFormValues)[]).filter((key): key is TopLevelProperty => key !== 'fields');

/** The customer property a built-in field reads, or null for a field kept in `fields`. */
export function customerProperty(field: CustomerField): TopLevelProperty | null {
  return TOP_LEVEL.find((property) => customerValue({ ...EMPTY_CUSTOMER, [property]: MARK }, field) === MARK) ?? null;
}

/** The values with this field set; customer properties are strings, so a null clears them. */
export function withCustomerValue(values: CustomerFormValues, field: CustomerField, value: CustomerFieldValue): CustomerFormValues {
  const property = customerProperty(field);
  if (property !== null) return { ...values, [property]: value === null ? '' : String(value) };
  return { ...values, fields: { ...values.fields, [field.name]: value } };
}
