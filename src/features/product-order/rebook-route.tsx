/**
 * Route module of `/product/:id/rebook` (spec sections 2 and 4): the product flow after a rebooking
 * was validated at /rebook/{secret}, with the old order preloaded. Without a validated rebooking of
 * this product the visitor goes home.
 */
import { Navigate, useParams } from 'react-router-dom';
import { useRebookStore } from '../../lib/rebook-store.ts';
import { ProductPage } from './components/product-page.tsx';
import './product-order.css';

export function Component() {
  const { id = '' } = useParams();
  const validation = useRebookStore((state) => state.validation);
  const secret = useRebookStore((state) => state.secret);
  if (!validation || !secret || String(validation.product) !== id) return <Navigate to="/" replace />;
  return <ProductPage id={id} rebook={{ validation, secret }} />;
}
