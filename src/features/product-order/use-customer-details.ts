/**
 * The customer details of the cart (src/components/customer-form/use-order-customer.ts) over every
 * product in it; while a booking is being moved (a rebooking, a reservation change), over that
 * booking's product alone: it is sent as an order of its own, the cart's other items left alone.
 */
import { useMemo } from 'react';
import { useOrderCustomer } from '../../components/customer-form/use-order-customer.ts';
import { useCartStore } from '../../lib/cart-store.ts';

export function useCustomerDetails() {
  const stored = useCartStore((state) => state.customer);
  const companyTicked = useCartStore((state) => state.companyTicked);
  const current = useCartStore((state) => state.current);
  const items = useCartStore((state) => state.items);
  const cart = useMemo(
    () => ({
      products: current?.move ? [current.productId] : [...items.map((item) => item.productId), ...(current ? [current.productId] : [])],
      subscriptions: [],
      vouchers: [],
    }),
    [items, current],
  );
  const customer = useOrderCustomer(cart, stored, companyTicked);
  return { ...customer, ready: customer.complete };
}
