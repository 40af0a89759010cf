/** Route module of `/product/:id/rebook`, lazy-loaded by the app router. */
import { Navigate, useParams } from 'react-router-dom';
import { RebookSlotPage } from './components/rebook-slot-page.tsx';

export function Component() {
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0) return <Navigate to="/" replace />;
  return <RebookSlotPage productId={id} />;
}
