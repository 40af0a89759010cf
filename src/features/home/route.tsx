/** Route module of `/`, lazy-loaded by the app router. */
import { useMemo } from 'react';
import { useCartHasItems } from '../../lib/cart-store.ts';
import { HomePage } from './components/home-page.tsx';
import { NO_SESSION } from './home-listing.ts';

export function Component() {
  const cartHasItems = useCartHasItems();
  // The renewal issue replaces NO_SESSION's renewalSubscriptionId with what its store holds (home-listing.ts).
  const session = useMemo(() => ({ ...NO_SESSION, cartHasItems }), [cartHasItems]);
  return <HomePage session={session} />;
}
