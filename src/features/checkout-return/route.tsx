/** Route module of `/checkout/return/:hash`, lazy-loaded by the app router. */
import { Navigate, useParams } from 'react-router-dom';
import { CheckoutReturnPage } from './components/checkout-return-page.tsx';

export function Component() {
  const { hash = '' } = useParams();
  if (hash.trim() === '') return <Navigate to="/404" replace />;
  // Keyed by hash: another order's return page starts fresh.
  return <CheckoutReturnPage key={hash} hash={hash} />;
}
