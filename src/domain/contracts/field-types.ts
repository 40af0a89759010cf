/** The customer field types (spec section 3, Field types), shared by organisation.ts and its schema. */
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
