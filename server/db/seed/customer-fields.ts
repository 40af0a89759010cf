/** The customer fields asked at checkout, in display order (docs/demo-shop.md, Customer fields). */
import type { FieldType } from '#domain/contracts/organisation.ts';
import type { Executor } from '../client.ts';
import { customerFields } from '../schema/index.ts';
import { CUSTOMER_FIELD_NAMES, type CustomerFieldIds, type CustomerFieldName, type ProductIds, type ProductSlug } from './demo-keys.ts';
import { idsByKey } from './keyed-rows.ts';
import { CUSTOMER_FIELD_LABELS, HEARD_ABOUT_US_OPTIONS } from './texts/customer-fields.ts';

interface FieldPlan {
  type: FieldType;
  required: boolean;
  isDefault?: boolean;
  business?: boolean;
  /** Set for a field that belongs to these products only. */
  onlyFor?: ProductSlug[];
}

// Business fields are optional: the demo contract does not call them required, and they only show
// once the company box is ticked.
const FIELDS: Record<CustomerFieldName, FieldPlan> = {
  first_name: { type: 'FIRST_NAME', required: true, isDefault: true },
  last_name: { type: 'LAST_NAME', required: true, isDefault: true },
  email: { type: 'EMAIL', required: true, isDefault: true },
  email_confirm: { type: 'EMAIL_CONFIRM', required: true },
  phone: { type: 'PHONE', required: false },
  company: { type: 'COMPANY', required: false, business: true },
  address: { type: 'ADDRESS', required: false, business: true },
  zipcode: { type: 'ZIPCODE', required: false, business: true },
  city: { type: 'CITY', required: false, business: true },
  vat_id: { type: 'VAT_ID', required: false, business: true },
  date_of_birth: { type: 'DATE', required: true, onlyFor: ['behind-the-scenes'] },
  group_size: { type: 'NUMBER', required: true, onlyFor: ['school-group-visit'] },
  dietary_needs: { type: 'TEXT', required: false, onlyFor: ['school-group-visit'] },
  heard_about_us: { type: 'DROPDOWN', required: true },
  safety_rules: { type: 'CHECKBOX', required: true, onlyFor: ['behind-the-scenes'] },
  newsletter: { type: 'CHECKBOX', required: false },
};

export async function seedCustomerFields(db: Executor, ids: { products: ProductIds }): Promise<CustomerFieldIds> {
  const rows = await db
    .insert(customerFields)
    .values(
      CUSTOMER_FIELD_NAMES.map((name, index) => {
        const { type, required, isDefault = false, business = false, onlyFor } = FIELDS[name];
        return {
          name,
          type,
          required,
          isDefault,
          business,
          sort: index + 1,
          options: name === 'heard_about_us' ? HEARD_ABOUT_US_OPTIONS : [],
          products: onlyFor ? onlyFor.map((slug) => ids.products[slug]) : [],
          // Applicability (src/domain/field-applicability.ts): listing products only keeps the
          // field off subscriptions and vouchers.
          subscriptions: [],
          vouchers: [],
          texts: CUSTOMER_FIELD_LABELS[name],
        };
      }),
    )
    .returning({ id: customerFields.id, key: customerFields.name });
  return idsByKey(CUSTOMER_FIELD_NAMES, rows);
}
