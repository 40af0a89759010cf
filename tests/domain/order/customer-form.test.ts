import { describe, expect, it } from 'vitest';
import type { CustomerField, FieldType } from '#domain/contracts/organisation.ts';
import { applicableFields, clearBusinessValues, customerValue, validateCustomer, type CustomerFormValues } from '#domain/order/customer-form.ts';

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

const fields: CustomerField[] = [
  field('email', 'EMAIL', { required: true, default: true, sort: 3 }),
  field('first_name', 'FIRST_NAME', { required: true, default: true, sort: 1 }),
  field('last_name', 'LAST_NAME', { required: true, default: true, sort: 2 }),
  field('email_confirm', 'EMAIL_CONFIRM', { required: true, sort: 4 }),
  field('company', 'COMPANY', { required: true, business: true, sort: 5 }),
  field('vat_id', 'VAT_ID', { business: true, sort: 6 }),
  field('po_number', 'TEXT', { business: true, required: true, sort: 7 }),
  field('diet', 'DROPDOWN', {
    required: true,
    sort: 8,
    options: [
      { value: 'veg', label: 'Vegetarian' },
      { value: 'none', label: 'None' },
    ],
    products: [7],
  }),
  field('newsletter', 'CHECKBOX', { sort: 9 }),
];

const cart = { products: [7], subscriptions: [], vouchers: [] };
const otherCart = { products: [8], subscriptions: [], vouchers: [] };

const valid: CustomerFormValues = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  company: 'Engines Ltd',
  vat_id: '',
  address: '',
  zipcode: '',
  city: '',
  fields: { email_confirm: 'ADA@example.com', po_number: 'PO-1', diet: 'veg', newsletter: false },
};

describe('applicableFields', () => {
  const names = (list: CustomerField[]) => list.map((f) => f.name);
  it.each([
    [
      'business hidden until ticked',
      cart,
      { allowBusiness: true, companyTicked: false },
      ['first_name', 'last_name', 'email', 'email_confirm', 'diet', 'newsletter'],
    ],
    [
      'business shown when ticked',
      cart,
      { allowBusiness: true, companyTicked: true },
      ['first_name', 'last_name', 'email', 'email_confirm', 'company', 'vat_id', 'po_number', 'diet', 'newsletter'],
    ],
    [
      'business shown when the shop has no company box',
      cart,
      { allowBusiness: false, companyTicked: false },
      ['first_name', 'last_name', 'email', 'email_confirm', 'company', 'vat_id', 'po_number', 'diet', 'newsletter'],
    ],
    [
      'a field for another product is left out',
      otherCart,
      { allowBusiness: true, companyTicked: false },
      ['first_name', 'last_name', 'email', 'email_confirm', 'newsletter'],
    ],
  ])('%s', (_name, items, options, expected) => {
    expect(names(applicableFields(fields, items, options))).toEqual(expected);
  });

  it('treats a business-typed field as business without the flag', () => {
    const city = field('city', 'CITY');
    expect(applicableFields([city], cart, { allowBusiness: true, companyTicked: false })).toEqual([]);
  });
});

describe('customerValue', () => {
  it.each([
    ['first_name', 'FIRST_NAME', 'Ada'],
    ['anything', 'EMAIL', 'ada@example.com'],
    ['company', 'COMPANY', 'Engines Ltd'],
    ['email_confirm', 'EMAIL_CONFIRM', 'ADA@example.com'],
    ['diet', 'DROPDOWN', 'veg'],
    ['newsletter', 'CHECKBOX', false],
    ['missing', 'TEXT', null],
  ] as const)('%s (%s)', (name, type, expected) => {
    expect(customerValue(valid, field(name, type))).toBe(expected);
  });
});

describe('validateCustomer', () => {
  const ticked = { allowBusiness: true, companyTicked: true };
  const unticked = { allowBusiness: true, companyTicked: false };

  it('accepts a complete form (emails differ only in case)', () => {
    expect(validateCustomer(valid, fields, cart, ticked)).toEqual({});
  });

  it.each([
    ['missing first name', { ...valid, first_name: '  ' }, ticked, { first_name: 'required' }],
    ['bad email', { ...valid, email: 'nope', fields: { ...valid.fields, email_confirm: 'nope' } }, ticked, { email: 'email', email_confirm: 'email' }],
    ['emails differ', { ...valid, fields: { ...valid.fields, email_confirm: 'bob@example.com' } }, ticked, { email_confirm: 'emails_differ' }],
    ['missing company when ticked', { ...valid, company: '' }, ticked, { company: 'required' }],
    ['missing company ignored when unticked', { ...valid, company: '', fields: { ...valid.fields, po_number: '' } }, unticked, {}],
    ['dropdown value not an option', { ...valid, fields: { ...valid.fields, diet: 'fish' } }, ticked, { diet: 'option' }],
    ['missing confirm', { ...valid, fields: { ...valid.fields, email_confirm: null } }, ticked, { email_confirm: 'required' }],
  ])('%s', (_name, values, options, expected) => {
    expect(validateCustomer(values, fields, cart, options)).toEqual(expected);
  });

  it('skips a required field that does not apply to the cart', () => {
    const values = { ...valid, fields: { ...valid.fields, diet: null } };
    expect(validateCustomer(values, fields, cart, ticked)).toEqual({ diet: 'required' });
    expect(validateCustomer(values, fields, otherCart, ticked)).toEqual({});
  });
});

describe('clearBusinessValues', () => {
  it('clears the company values and business custom fields only', () => {
    const values: CustomerFormValues = {
      ...valid,
      vat_id: 'NL001',
      address: 'Main 1',
      zipcode: '1000AA',
      city: 'Amsterdam',
    };
    expect(clearBusinessValues(values, fields)).toEqual({
      ...valid,
      company: '',
      vat_id: '',
      address: '',
      zipcode: '',
      city: '',
      fields: { ...valid.fields, po_number: null },
    });
    expect(values.company).toBe('Engines Ltd');
    expect(values.fields.po_number).toBe('PO-1');
  });

  it('clears the built-in values without a field list', () => {
    expect(clearBusinessValues({ ...valid, city: 'Utrecht' })).toMatchObject({ company: '', city: '', fields: valid.fields });
  });
});
