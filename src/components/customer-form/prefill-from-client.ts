/**
 * A signed-in client's saved details as customer form values (spec section 6): name, e-mail,
 * company and address, and the saved custom field values by field name. E-mail confirmation fields
 * get the client's e-mail, so a client never types it twice.
 */
import type { Client } from '#domain/contracts/client.ts';
import type { CustomerField } from '#domain/contracts/organisation.ts';
import type { CustomerFormValues } from '#domain/order/customer-form.ts';
import { customerProperty, EMPTY_CUSTOMER, withCustomerValue } from './customer-value.ts';

/** Re-exported: the blank form is defined beside the value writer, which needs it first. */
export { EMPTY_CUSTOMER };

export function prefillFromClient(client: Client, fields: readonly CustomerField[]): CustomerFormValues {
  let values: CustomerFormValues = {
    ...EMPTY_CUSTOMER,
    first_name: client.name.first ?? '',
    last_name: client.name.last ?? '',
    email: client.email ?? '',
    company: client.company ?? '',
    vat_id: client.vat_id ?? '',
    address: client.address ?? '',
    zipcode: client.zipcode ?? '',
    city: client.city ?? '',
    fields: {},
  };
  const byId = new Map(fields.map((field) => [field.id, field]));
  for (const saved of client.fields) {
    const field = byId.get(saved.id);
    // Built-in properties come from the client record itself; a stray saved copy does not override it.
    if (field && customerProperty(field) === null) values = withCustomerValue(values, field, saved.value);
  }
  for (const field of fields) {
    if (field.type === 'EMAIL_CONFIRM') values = withCustomerValue(values, field, values.email);
  }
  return values;
}
