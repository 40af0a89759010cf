/**
 * Mounted once in the app shell: renders nothing until a card payment waits, then the card-payment
 * dialog, whose code and translations are fetched only then.
 */
import { lazy, Suspense } from 'react';
import { useCardStore } from './card.ts';

const CardDialog = lazy(() => import('./card-dialog.tsx').then((module) => ({ default: module.CardDialog })));

export function CardHost() {
  const checkout = useCardStore((state) => state.checkout);
  if (!checkout) return null;
  return (
    <Suspense fallback={null}>
      <CardDialog key={checkout.card.session} card={checkout.card} context={checkout.context} />
    </Suspense>
  );
}
