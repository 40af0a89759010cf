/** Route module of `/`, lazy-loaded by the app router. */
import { useMemo } from 'react';
import { useCartHasItems } from '../../lib/cart-store.ts';
import { useActiveRenewal } from '../../lib/renewal-store.ts';
import { HomePage } from './components/home-page.tsx';
import { NO_SESSION } from './home-listing.ts';

export function Component() {
  const cartHasItems = useCartHasItems();
  // During a renewal (src/lib/renewal-store.ts) products hide and the renewed subscription is marked current.
  const renewalSubscriptionId = useActiveRenewal()?.subscription.id ?? null;
  const session = useMemo(() => ({ ...NO_SESSION, cartHasItems, renewalSubscriptionId }), [cartHasItems, renewalSubscriptionId]);
  return <HomePage session={session} />;
}
