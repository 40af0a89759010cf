/** The demo shop's customer fields (docs/demo-shop.md, Customer fields) and demo client, for the form tests. */
import type { Client } from '#domain/contracts/client.ts';
import type { CustomerField, FieldType } from '#domain/contracts/organisation.ts';

export const AQUARIUM_ENTRY = 1;
export const BEHIND_THE_SCENES = 4;
export const SCHOOL_GROUP_VISIT = 5;
export const FAMILY_MEMBERSHIP = 10;

function field(id: number, name: string, label: string, type: FieldType, extra: Partial<CustomerField> = {}): CustomerField {
  return {
    id,
    name,
    label,
    type,
    required: false,
    default: false,
    business: false,
    options: [],
    sort: id,
    subscriptions: [],
    products: [],
    vouchers: [],
    ...extra,
  };
}

export const customerFields: CustomerField[] = [
  field(1, 'first_name', 'First name', 'FIRST_NAME', { required: true, default: true }),
  field(2, 'last_name', 'Last name', 'LAST_NAME', { required: true, default: true }),
  field(3, 'email', 'E-mail address', 'EMAIL', { required: true, default: true }),
  field(4, 'email_confirm', 'Repeat e-mail address', 'EMAIL_CONFIRM', { required: true }),
  field(5, 'phone', 'Phone number', 'PHONE'),
  field(6, 'company', 'Company name', 'COMPANY', { business: true }),
  field(7, 'address', 'Street and number', 'ADDRESS', { business: true }),
  field(8, 'zipcode', 'Postcode', 'ZIPCODE', { business: true }),
  field(9, 'city', 'Town', 'CITY', { business: true }),
  field(10, 'vat_id', 'VAT number', 'VAT_ID', { business: true }),
  field(11, 'date_of_birth', 'Date of birth', 'DATE', { required: true, products: [BEHIND_THE_SCENES] }),
  field(12, 'group_size', 'Group size', 'NUMBER', { required: true, products: [SCHOOL_GROUP_VISIT] }),
  field(13, 'dietary_needs', 'Dietary needs', 'TEXT', { products: [SCHOOL_GROUP_VISIT] }),
  field(14, 'heard_about_us', 'How did you hear about us?', 'DROPDOWN', {
    required: true,
    options: [
      { value: 'friends', label: 'Friends or family' },
      { value: 'social', label: 'Social media' },
      { value: 'newspaper', label: 'Newspaper' },
      { value: 'other', label: 'Other' },
    ],
  }),
  field(15, 'safety_rules', 'I accept the safety rules', 'CHECKBOX', { required: true, products: [BEHIND_THE_SCENES] }),
  field(16, 'newsletter', 'Send me the newsletter', 'CHECKBOX'),
];

export const demoClient: Client = {
  id: 7,
  name: { first: 'Dana', last: 'de Vries', full: 'Dana de Vries' },
  email: 'demo@tidewater.example',
  company: null,
  address: 'Havenstraat 12',
  zipcode: '1011 AB',
  city: 'Amsterdam',
  vat_id: null,
  token: 'client-token',
  fields: [
    { id: 5, value: '+31 6 1234 5678' },
    { id: 14, value: 'friends' },
    { id: 16, value: true },
  ],
  subscriptions: [],
};
