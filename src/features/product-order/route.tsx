/**
 * /product/{id}/{slug}: loads the product (a failure sends the visitor home, spec section 7), titles
 * the page and keeps products that are not visible out of search engines. The order flow itself
 * arrives with the product-order issue; until then the page says ordering is coming soon.
 */
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router-dom';
import { HtmlContent } from '../../components/html-content.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { isServedState } from '../../domain/catalogue-state.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useRobotsNoindex } from '../../lib/use-robots-noindex.ts';
import { useProduct } from './api/get-product.ts';

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
    <div className="page">
      <h1 className="page__title">{product.data.title}</h1>
      {product.data.description ? <HtmlContent html={product.data.description} /> : null}
      <p>{t('comingSoon.body')}</p>
      <Link className="button button--primary" to="/">
        {t('comingSoon.home')}
      </Link>
    </div>
  );
}
