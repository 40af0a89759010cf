/**
 * The buyer's details for a voucher: the cart's stored customer (src/lib/cart-store.ts, shared with
 * the other flows) through the order customer (src/components/customer-form/use-order-customer.ts),
 * checked against the fields that apply to this voucher.
 */
import { useMemo } from 'react';
import { useOrderCustomer } from '../../components/customer-form/use-order-customer.ts';
import { orderCustomer } from '#domain/order/order-customer.ts';
import { useCartStore } from '../../lib/cart-store.ts';

export function useVoucherCustomer(voucherId: number) {
  const stored = useCartStore((state) => state.customer);
  const companyTicked = useCartStore((state) => state.companyTicked);
  const cart = useMemo(() => ({ products: [], subscriptions: [], vouchers: [voucherId] }), [voucherId]);
  const customer = useOrderCustomer(cart, stored, companyTicked);
  return {
    ...customer,
    ready: customer.complete,
    customer: () => orderCustomer(customer.values, companyTicked, customer.allowBusiness, customer.client),
  };
}
