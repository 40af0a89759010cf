/**
 * /product/{id}/{slug}: loads the product (a failure sends the visitor home, spec section 7), titles
 * the page, keeps products that are not visible out of search engines, and runs the order flow.
 */
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { HtmlContent } from '../../components/html-content.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { isServedState } from '../../domain/catalogue-state.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useRobotsNoindex } from '../../lib/use-robots-noindex.ts';
import { useProduct } from './api/get-product.ts';
import { ProductOrderFlow } from './components/product-order-flow.tsx';
import './product-order.css';

const ID_PATTERN = /^[1-9]\d{0,9}$/;

export function Component() {
  const { id = '' } = useParams();
  const { t } = useTranslation('common');
  const validId = ID_PATTERN.test(id);
  const product = useProduct(validId ? Number(id) : null);
  useDocumentTitle(product.data?.title ?? null);
  useRobotsNoindex(product.data !== undefined && !product.data.visible);

  if (!validId || product.isError || (product.data && !isServedState(product.data.state))) return <Navigate to="/" replace />;
  if (!product.data) return <Spinner label={t('loading')} />;
  return (
    <div className="page product-page">
      <h1 className="page__title">{product.data.title}</h1>
      {product.data.description ? <HtmlContent className="product-page__description" html={product.data.description} /> : null}
      <ProductOrderFlow key={product.data.id} product={product.data} />
    </div>
  );
}
