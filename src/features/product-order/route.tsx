/** Route module of `/product/:id/:slug`, lazy-loaded by the app router. */
import { useParams } from 'react-router-dom';
import { ProductPage } from './components/product-page.tsx';
import './product-order.css';

export function Component() {
  const { id = '' } = useParams();
  return <ProductPage id={id} />;
}
