/**
 * Route modules of `/product/:id/:slug` (`Component`) and `/product/:id/rebook` (`RebookComponent`,
 * spec sections 2 and 4: the product flow after a rebooking was validated at /rebook/{secret}, with
 * the old order preloaded), lazy-loaded by the app router. One module, so both pages share one
 * chunk of the flow. Without a validated rebooking of that product the rebook page sends home.
 */
import { Navigate, useParams } from 'react-router-dom';
import { useRebookStore } from '../../lib/rebook-store.ts';
import { ProductPage } from './components/product-page.tsx';
import './product-order.css';

export function Component() {
  const { id = '' } = useParams();
  return <ProductPage id={id} />;
}

export function RebookComponent() {
  const { id = '' } = useParams();
  const validation = useRebookStore((state) => state.validation);
  const secret = useRebookStore((state) => state.secret);
  if (!validation || !secret || String(validation.product) !== id) return <Navigate to="/" replace />;
  return <ProductPage id={id} rebook={{ validation, secret }} />;
}
