/**
 * The storefront home (spec section 2, Home): category cards and the uncategorised items when the
 * shop has categories, otherwise every listed product, subscription and voucher.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert.tsx';
import { useCategories } from '../../../lib/api/categories.ts';
import { useHomeProducts } from '../../../lib/api/home-products.ts';
import { useOrganisation } from '../../../lib/api/organisation.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { homeListing, type HomeSession } from '../home-listing.ts';
import { CategoryCards } from './category-cards.tsx';
import { ItemSection } from './item-section.tsx';

export function HomePage({ session }: { session: HomeSession }) {
  const { t } = useTranslation('home');
  const organisation = useOrganisation();
  const catalogue = useHomeProducts();
  const categories = useCategories();
  useDocumentTitle(t('documentTitle'));

  const listing = useMemo(() => homeListing(catalogue, categories, session), [catalogue, categories, session]);
  const isEmpty =
    listing.categories.length + listing.products.length + listing.subscriptions.length + listing.vouchers.length === 0;

  return (
    <div className="page home-page">
      <h1 className="page__title">{t('heading', { name: organisation.name })}</h1>
      {isEmpty ? <Alert tone="info">{t('empty')}</Alert> : null}
      <CategoryCards categories={listing.categories} />
      <ItemSection kind="product" items={listing.products} />
      <ItemSection kind="subscription" items={listing.subscriptions} currentId={listing.currentSubscriptionId} />
      <ItemSection kind="voucher" items={listing.vouchers} />
    </div>
  );
}
