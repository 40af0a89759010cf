/** Renders the product route at a path, with the app's routes the flow navigates to. */
import { act } from '@testing-library/react';
import type { Client } from '#domain/contracts/client.ts';
import type { Organisation } from '#domain/contracts/organisation.ts';
import { Component as ProductRoute } from '../../../src/features/product-order/route.tsx';
import { useCheckoutStore } from '../../../src/features/product-order/store.ts';
import { clientQuery } from '../../../src/lib/api/client.ts';
import { EMPTY_CART, useCartStore } from '../../../src/lib/cart-store.ts';
import { createShopQueryClient, renderWithShop } from '../components/render-with-shop.tsx';
import * as shop from '../components/shop-fixtures.ts';

export const demoClient: Client = {
  id: 7,
  name: { first: 'Dana', last: 'de Vries', full: 'Dana de Vries' },
  email: 'demo@tidewater.example',
  company: null,
  address: 'Havenstraat 12',
  zipcode: '1011 AB',
  city: 'Amsterdam',
  vat_id: null,
  token: 'client-token',
  fields: [],
  subscriptions: [],
};

export function resetStores() {
  act(() => {
    useCartStore.setState(EMPTY_CART);
    useCheckoutStore.getState().flowEntered();
  });
  localStorage.clear();
}

export async function renderFlow(path: string, options: { client?: Client | null; organisation?: Organisation } = {}) {
  const queryClient = createShopQueryClient({ organisation: options.organisation ?? shop.organisation });
  queryClient.setQueryData(clientQuery('en').queryKey, options.client ?? null);
  return renderWithShop(
    {
      '/product/:id/:slug': <ProductRoute />,
      '/': <p>home page</p>,
      '/reservation/:hash': <p>reservation page</p>,
      '/checkout/return/:hash': <p>return page</p>,
      '/client/login': <p>login page</p>,
    },
    { path, queryClient },
  );
}
