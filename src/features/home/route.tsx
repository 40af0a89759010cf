/** Route module of `/`, lazy-loaded by the app router. */
import { HomePage } from './components/home-page.tsx';
import { NO_SESSION } from './home-listing.ts';

export function Component() {
  // The cart and renewal issues replace NO_SESSION with what their stores hold (home-listing.ts).
  return <HomePage session={NO_SESSION} />;
}
