/**
 * Route modules of `/product/:id/:slug` (`Component`), `/product/:id/rebook` (`RebookComponent`,
 * spec sections 2 and 4: the product flow after a rebooking was validated at /rebook/{secret}) and
 * `/product/:id/change` (`ChangeComponent`: a reservation changed from /reservation/{hash}), each
 * of the last two with the booking it moves preloaded (src/lib/booking-move-store.ts), lazy-loaded
 * by the app router. One module, so the pages share one chunk of the flow. Without such a move of
 * that product they are its plain order flow: a product's slug may be "rebook" or "change" too, and
 * a visitor whose move was lost still lands on the product.
 */
import { useParams } from 'react-router-dom';
import { useBookingMoveStore } from '../../lib/booking-move-store.ts';
import type { MoveTarget } from '../../lib/cart-store.ts';
import { ProductPage } from './components/product-page.tsx';
import './product-order.css';

export function Component() {
  const { id = '' } = useParams();
  return <ProductPage id={id} />;
}

function MovedBookingPage({ kind }: { kind: MoveTarget['kind'] }) {
  const { id = '' } = useParams();
  const move = useBookingMoveStore((state) => state.move);
  if (!move || move.kind !== kind || String(move.productId) !== id) return <ProductPage id={id} />;
  return <ProductPage id={id} move={move} />;
}

export function RebookComponent() {
  return <MovedBookingPage kind="rebook" />;
}

export function ChangeComponent() {
  return <MovedBookingPage kind="change" />;
}
