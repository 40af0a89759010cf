/**
 * The one customer: what an order keeps (spec sections 3, 5 and 6), what a reservation shows, and
 * what the customer form checks. The submitted payload (`OrderCustomer` in contracts/orders.ts)
 * and the form's values (`CustomerFormValues`) convert to and from it here.
 */
import type { OrderCustomer } from './contracts/orders.ts';
import type { CustomerFormValues } from './order/customer-form.ts';

export type CustomerFieldValue = string | number | boolean | null;

export interface Customer {
  first_name: string;
  last_name: string;
  email: string;
  company: string | null;
  vat_id: string | null;
  address: string | null;
  zipcode: string | null;
  city: string | null;
  /** Organisation-defined fields by key (`email_confirm`, `phone`, `heard_about_us`, ...). */
  fields: Record<string, CustomerFieldValue>;
}

const orNull = (value: string | null | undefined) => (value === undefined || value === null || value.trim() === '' ? null : value.trim());

/** A submission's customer, trimmed; `topLevelFields` (the request's own `fields`) come under the customer's. */
export function customerFromRequest(sent: OrderCustomer, topLevelFields?: Record<string, CustomerFieldValue>): Customer {
  return {
    first_name: sent.first_name.trim(),
    last_name: sent.last_name.trim(),
    email: sent.email.trim(),
    company: orNull(sent.company),
    vat_id: orNull(sent.vat_id),
    address: orNull(sent.address),
    zipcode: orNull(sent.zipcode),
    city: orNull(sent.city),
    fields: { ...(topLevelFields ?? {}), ...sent.fields },
  };
}

/** The customer as the form rules read it (empty text for what is not given). */
export function customerFormValues(customer: Customer): CustomerFormValues {
  return {
    first_name: customer.first_name,
    last_name: customer.last_name,
    email: customer.email,
    company: customer.company ?? '',
    vat_id: customer.vat_id ?? '',
    address: customer.address ?? '',
    zipcode: customer.zipcode ?? '',
    city: customer.city ?? '',
    fields: customer.fields,
  };
}
