/**
 * The customer of an order flow (products, subscriptions, vouchers): the flow's stored values, or
 * a signed-in client's saved details (read-only, spec section 6), or a blank form; and whether they
 * are complete for the fields that apply to the flow's cart (src/domain/order/customer-form.ts).
 */
import { useMemo } from 'react';
import type { CustomerFormValues } from '#domain/order/customer-form.ts';
import { validateCustomer } from '#domain/order/customer-form.ts';
import type { CartItems } from '#domain/field-applicability.ts';
import { useClient } from '../../lib/api/client.ts';
import { useOrganisation } from '../../lib/api/organisation.ts';
import { EMPTY_CUSTOMER, prefillFromClient } from './prefill-from-client.ts';

export function useOrderCustomer(cart: CartItems, stored: CustomerFormValues | null, companyTicked: boolean) {
  const organisation = useOrganisation();
  const client = useClient();
  const fields = organisation.fields;
  const values = useMemo(() => stored ?? (client ? prefillFromClient(client, fields) : EMPTY_CUSTOMER), [stored, client, fields]);
  const allowBusiness = organisation.shop.allow_business;
  const problems = validateCustomer(values, fields, cart, { allowBusiness, companyTicked });
  return { fields, cart, values, companyTicked, allowBusiness, client, locked: client !== null, complete: Object.keys(problems).length === 0 };
}

export type OrderCustomer = ReturnType<typeof useOrderCustomer>;
