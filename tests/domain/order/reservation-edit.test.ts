import { describe, expect, it } from 'vitest';
import type { CustomerField, FieldType } from '#domain/contracts/organisation.ts';
import type { CustomerFormValues } from '#domain/order/customer-form.ts';
import { isEditableOnReservation, lockedFieldChanges } from '#domain/order/reservation-edit.ts';

let nextId = 1;
function field(name: string, type: FieldType, overrides: Partial<CustomerField> = {}): CustomerField {
  return {
    id: nextId++,
    name,
    label: name,
    type,
    required: false,
    default: false,
    business: false,
    options: [],
    sort: 0,
    subscriptions: [],
    products: [],
    vouchers: [],
    ...overrides,
  };
}

const fields = [
  field('first_name', 'FIRST_NAME', { default: true, required: true }),
  field('last_name', 'LAST_NAME', { default: true, required: true }),
  field('email', 'EMAIL', { default: true, required: true }),
  field('email_confirm', 'EMAIL_CONFIRM', { required: true }),
  field('phone', 'PHONE'),
  field('company', 'COMPANY', { business: true }),
  field('heard_about_us', 'DROPDOWN', { required: true }),
];

const stored: CustomerFormValues = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.test',
  company: '',
  vat_id: '',
  address: '',
  zipcode: '',
  city: '',
  fields: { email_confirm: 'ada@example.test', phone: '', heard_about_us: 'friends' },
};

describe('reservation edit', () => {
  it('keeps the default fields and the e-mail confirmation, opens the organisation’s own fields', () => {
    expect(fields.filter(isEditableOnReservation).map((each) => each.name)).toEqual(['phone', 'company', 'heard_about_us']);
  });

  it.each<[string, Partial<CustomerFormValues>, string[]]>([
    ['nothing changed', {}, []],
    ['only spacing, and the e-mail address in capitals', { first_name: '  Ada ', email: 'ADA@example.test ' }, []],
    ['custom fields and the company', { company: 'Analytical Engines', fields: { ...stored.fields, phone: '+31612345678', heard_about_us: 'social' } }, []],
    ['the e-mail confirmation (it follows the booking’s address)', { fields: { ...stored.fields, email_confirm: 'x@example.test' } }, []],
    ['the first name', { first_name: 'Augusta' }, ['first_name']],
    ['both names and the e-mail address', { first_name: 'A', last_name: 'B', email: 'eve@example.test' }, ['first_name', 'last_name', 'email']],
  ])('finds the locked fields changed: %s', (_, change, expected) => {
    expect(lockedFieldChanges(fields, stored, { ...stored, ...change })).toEqual(expected);
  });
});
