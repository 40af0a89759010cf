/**
 * A product page: loads the product (a failure sends the visitor home, spec section 7), titles the
 * page, keeps products that are not visible out of search engines, and runs the order flow. Both
 * /product/{id}/{slug}, /product/{id}/rebook and /product/{id}/change are this page; the last two pass
 * the booking they move. The description is cut at 100 characters behind a read-more toggle (spec section 9).
 */
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { ReadMore } from '../../../components/read-more.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { isServedState } from '#domain/catalogue-state.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useRobotsNoindex } from '../../../lib/use-robots-noindex.ts';
import { useProduct } from '../api/get-product.ts';
import { ProductOrderFlow, type ProductOrderFlowProps } from './product-order-flow.tsx';

const ID_PATTERN = /^[1-9]\d{0,9}$/;

export function ProductPage({ id, move }: { id: string; move?: ProductOrderFlowProps['move'] }) {
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
      {move ? <p>{move.kind === 'rebook' ? t('rebook:slotIntro', { email: move.customer.email }) : t('rebook:change.intro')}</p> : null}
      {product.data.description ? (
        <ReadMore className="product-page__description" html={product.data.description} moreLabel={t('buttons.readMore')} lessLabel={t('buttons.readLess')} />
      ) : null}
      <ProductOrderFlow key={product.data.id} product={product.data} {...(move ? { move } : {})} />
    </div>
  );
}
