/**
 * The customer kept with an order (spec sections 5 and 6): what was sent, or for a signed-in
 * client their stored details (locked: the values sent for them are ignored), checked with the
 * shared customer-form rules over the organisation's fields that apply to the cart. The one
 * customer type and its conversions are src/domain/customer.ts. Only the organisation's own fields
 * are kept: a key in `fields` that names none of them is refused, never stored.
 */
import { validVatId } from '#domain/vat-id.ts';
import type { OrderCustomer } from '#domain/contracts/orders.ts';
import type { CustomerField } from '#domain/contracts/organisation.ts';
import { customerFormValues, customerFromRequest, type Customer } from '#domain/customer.ts';
import type { CartItems } from '#domain/field-applicability.ts';
import { validateCustomer } from '#domain/order/customer-form.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';

/** What the checkout needs of a signed-in client (the client module answers it). */
export interface ClientDetails {
  firstName: string;
  lastName: string;
  email: string;
  company: string | null;
  vatId: string | null;
  address: string | null;
  zipcode: string | null;
  city: string | null;
  /** Stored custom field values by field id. */
  fieldValues: { fieldId: number; value: Customer['fields'][string] }[];
}

export interface ClientReader {
  /** With the checkout's executor: inside its transaction on the one connection it holds. */
  details(db: Executor, clientId: number): Promise<ClientDetails | null>;
}

export async function resolveCustomer(
  db: Executor,
  clients: ClientReader,
  sent: OrderCustomer,
  topLevelFields: Customer['fields'] | undefined,
  fields: readonly CustomerField[],
  clientId: number | null,
): Promise<Customer> {
  assertKnownFields(sent.fields, fields, 'customer.fields');
  if (topLevelFields) assertKnownFields(topLevelFields, fields, 'fields');
  const customer = customerFromRequest(sent, topLevelFields);
  if (clientId === null) return customer;
  const client = await clients.details(db, clientId);
  if (!client) return customer;
  const nameOf = new Map(fields.map((field) => [field.id, field.name]));
  const lockedFields: Customer['fields'] = {};
  for (const { fieldId, value } of client.fieldValues) {
    const name = nameOf.get(fieldId);
    if (name !== undefined && value !== null) lockedFields[name] = value;
  }
  // The confirmation of a locked e-mail address is that address.
  for (const field of fields) if (field.type === 'EMAIL_CONFIRM') lockedFields[field.name] = client.email;
  return {
    first_name: client.firstName,
    last_name: client.lastName,
    email: client.email,
    company: client.company,
    vat_id: client.vatId,
    address: client.address,
    zipcode: client.zipcode,
    city: client.city,
    fields: { ...customer.fields, ...lockedFields },
  };
}

/**
 * Refuses (400 VALIDATION_FAILED) sent field values whose key is none of the organisation's fields
 * (`status`, `<script>`…): they would be stored with the order and shown back as sent. `where` is
 * the key's place in the request, for the answer's `fields`.
 */
export function assertKnownFields(sent: Customer['fields'], fields: readonly CustomerField[], where: string): void {
  const known = new Set(fields.map((field) => field.name));
  const unknown = Object.keys(sent).filter((key) => !known.has(key));
  if (unknown.length > 0) {
    throw new AppError('VALIDATION_FAILED', 400, 'These fields are not fields of this shop', {
      fields: Object.fromEntries(unknown.slice(0, 20).map((key) => [`${where}.${key}`, 'unrecognized_keys'])),
    });
  }
}

export function assertValidCustomer(customer: Customer, fields: readonly CustomerField[], productIds: readonly number[], allowBusiness: boolean): void {
  assertValidCustomerFor(customer, fields, { products: productIds, subscriptions: [], vouchers: [] }, allowBusiness);
}

/** The same check for any cart: the fields that apply to its products, subscriptions and vouchers. */
export function assertValidCustomerFor(customer: Customer, fields: readonly CustomerField[], cart: CartItems, allowBusiness: boolean): void {
  // A business customer's VAT number goes on the invoice: refused in a wrong format (src/domain/vat-id.ts).
  if (customer.vat_id && customer.vat_id.trim() !== '' && !validVatId(customer.vat_id)) {
    throw new AppError('VAT_ID_INVALID', 400, 'This is not an EU VAT number in its country’s format', { fields: { 'customer.vat_id': 'vat_id' } });
  }
  const problems = validateCustomer(customerFormValues(customer), fields, cart, { allowBusiness, companyTicked: customer.company !== null });
  if (Object.keys(problems).length > 0) {
    throw new AppError('CUSTOMER_INVALID', 400, 'Some customer details are missing or not valid', { fields: problems });
  }
}
