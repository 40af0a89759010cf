/** Route module of `/checkout/return/:hash`, lazy-loaded by the app router. */
import { Navigate, useParams } from 'react-router-dom';
import { EMBED_BACK_KEY } from '../../embed/embedded.ts';
import { CheckoutReturnPage } from './components/checkout-return-page.tsx';

export function Component() {
  const { hash = '' } = useParams();
  if (hash.trim() === '') return <Navigate to="/404" replace />;
  // Back from paying for an order made in a frame on the organisation's site (/embed/pay): to that
  // page, which shows this return page in its frame again.
  const back = window.top === window ? readBack() : null;
  if (back) {
    location.replace(`${back}#shop-return=${encodeURIComponent(hash)}`);
    return null;
  }
  // Keyed by hash: another order's return page starts fresh.
  return <CheckoutReturnPage key={hash} hash={hash} />;
}

function readBack(): string | null {
  try {
    const back = sessionStorage.getItem(EMBED_BACK_KEY);
    sessionStorage.removeItem(EMBED_BACK_KEY);
    return back;
  } catch {
    return null;
  }
}
