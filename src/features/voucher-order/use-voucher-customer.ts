/**
 * The buyer's details for a voucher: the cart's stored customer (src/lib/cart-store.ts, shared with
 * the other flows), or a signed-in client's saved details (read-only), checked against the fields
 * that apply to this voucher (src/domain/order/customer-form.ts).
 */
import { useMemo } from 'react';
import { orderCustomer } from '../../domain/order/order-customer.ts';
import { EMPTY_CUSTOMER, prefillFromClient } from '../../components/customer-form/prefill-from-client.ts';
import { validateCustomer } from '../../domain/order/customer-form.ts';
import { useClient } from '../../lib/api/client.ts';
import { useOrganisation } from '../../lib/api/organisation.ts';
import { useCartStore } from '../../lib/cart-store.ts';

export function useVoucherCustomer(voucherId: number) {
  const organisation = useOrganisation();
  const client = useClient();
  const stored = useCartStore((state) => state.customer);
  const companyTicked = useCartStore((state) => state.companyTicked);
  const fields = organisation.fields;
  const cart = useMemo(() => ({ products: [], subscriptions: [], vouchers: [voucherId] }), [voucherId]);
  const values = useMemo(() => stored ?? (client ? prefillFromClient(client, fields) : EMPTY_CUSTOMER), [stored, client, fields]);
  const allowBusiness = organisation.shop.allow_business;
  const problems = validateCustomer(values, fields, cart, { allowBusiness, companyTicked });
  return {
    fields,
    cart,
    values,
    companyTicked,
    allowBusiness,
    locked: client !== null,
    ready: Object.keys(problems).length === 0,
    customer: () => orderCustomer(values, companyTicked, allowBusiness, client),
  };
}
