/**
 * The customer details of the cart: the stored values, or a signed-in client's saved details
 * (read-only), or a blank form; and whether they are complete (src/domain/order/customer-form.ts).
 */
import { useMemo } from 'react';
import { EMPTY_CUSTOMER, prefillFromClient } from '../../components/customer-form/prefill-from-client.ts';
import { validateCustomer } from '../../domain/order/customer-form.ts';
import { useClient } from '../../lib/api/client.ts';
import { useOrganisation } from '../../lib/api/organisation.ts';
import { useCartStore } from '../../lib/cart-store.ts';

export function useCustomerDetails() {
  const organisation = useOrganisation();
  const client = useClient();
  const stored = useCartStore((state) => state.customer);
  const companyTicked = useCartStore((state) => state.companyTicked);
  const current = useCartStore((state) => state.current);
  const items = useCartStore((state) => state.items);
  const fields = organisation.fields;

  const cart = useMemo(
    () => ({ products: [...items.map((item) => item.productId), ...(current ? [current.productId] : [])], subscriptions: [], vouchers: [] }),
    [items, current],
  );
  const values = useMemo(() => stored ?? (client ? prefillFromClient(client, fields) : EMPTY_CUSTOMER), [stored, client, fields]);
  const allowBusiness = organisation.shop.allow_business;
  const problems = validateCustomer(values, fields, cart, { allowBusiness, companyTicked });
  return { fields, cart, values, companyTicked, allowBusiness, client, locked: client !== null, ready: Object.keys(problems).length === 0 };
}
