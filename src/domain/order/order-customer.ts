/** The customer as POST /api/orders, /api/subscriptions and /api/vouchers take it, from the customer form (spec sections 4-7). */
import type { Client } from '../contracts/client.ts';
import type { OrderCustomer } from '../contracts/orders.ts';
import type { CustomerFormValues } from './customer-form.ts';

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The customer as POST /api/orders takes it; company values only when the company box is ticked. */
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
