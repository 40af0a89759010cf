/** The customer as the submissions take it (POST /api/orders, /api/vouchers): company values only when the company box is ticked. */
import type { Client } from '../../domain/contracts/client.ts';
import type { OrderCustomer } from '../../domain/contracts/orders.ts';
import type { CustomerFormValues } from '../../domain/order/customer-form.ts';

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

export function orderCustomer(values: CustomerFormValues, companyTicked: boolean, allowBusiness: boolean, client: Client | null): OrderCustomer {
  const business = !allowBusiness || companyTicked;
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    company: business ? orNull(values.company) : null,
    vat_id: business ? orNull(values.vat_id) : null,
    address: business ? orNull(values.address) : null,
    zipcode: business ? orNull(values.zipcode) : null,
    city: business ? orNull(values.city) : null,
    token: client?.token ?? null,
    fields: { ...values.fields },
  };
}
