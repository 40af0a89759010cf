/**
 * The customer kept with an order (spec sections 5 and 6): what was sent, or for a signed-in
 * client their stored details (locked: the values sent for them are ignored), checked with the
 * shared customer-form rules over the organisation's fields that apply to the cart.
 */
import type { OrderCustomer as CustomerRequest } from '../../../src/domain/contracts/orders.ts';
import type { CustomerField } from '../../../src/domain/contracts/organisation.ts';
import { validateCustomer } from '../../../src/domain/order/customer-form.ts';
import type { Executor } from '../../db/client.ts';
import type { OrderCustomer } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { findClient, findFieldValues } from '../client/client.repo.ts';

type FieldValues = OrderCustomer['fields'];

const orNull = (value: string | null | undefined) => (value === undefined || value === null || value.trim() === '' ? null : value.trim());

export async function resolveCustomer(
  db: Executor,
  sent: CustomerRequest,
  topLevelFields: FieldValues | undefined,
  fields: readonly CustomerField[],
  clientId: number | null,
): Promise<OrderCustomer> {
  const customer: OrderCustomer = {
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
  if (clientId === null) return customer;
  const client = await findClient(db, clientId);
  if (!client) return customer;
  const stored = await findFieldValues(db, clientId);
  const nameOf = new Map(fields.map((field) => [field.id, field.name]));
  const lockedFields: FieldValues = {};
  for (const { fieldId, value } of stored) {
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

export function assertValidCustomer(
  customer: OrderCustomer,
  fields: readonly CustomerField[],
  productIds: readonly number[],
  allowBusiness: boolean,
): void {
  const problems = validateCustomer(
    {
      first_name: customer.first_name,
      last_name: customer.last_name,
      email: customer.email,
      company: customer.company ?? '',
      vat_id: customer.vat_id ?? '',
      address: customer.address ?? '',
      zipcode: customer.zipcode ?? '',
      city: customer.city ?? '',
      fields: customer.fields,
    },
    fields,
    { products: productIds, subscriptions: [], vouchers: [] },
    { allowBusiness, companyTicked: customer.company !== null },
  );
  if (Object.keys(problems).length > 0) {
    throw new AppError('CUSTOMER_INVALID', 400, 'Some customer details are missing or not valid', { fields: problems });
  }
}
