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

/** The first cards of the page's first section: their images are what a phone shows first. */
const EAGER_IMAGES = 2;

export function HomePage({ session }: { session: HomeSession }) {
  const { t } = useTranslation('home');
  const organisation = useOrganisation();
  const catalogue = useHomeProducts();
  const categories = useCategories();
  useDocumentTitle(t('documentTitle'));

  const listing = useMemo(() => homeListing(catalogue, categories, session), [catalogue, categories, session]);
  const isEmpty = listing.categories.length + listing.products.length + listing.subscriptions.length + listing.vouchers.length === 0;
  const sections = [listing.categories, listing.products, listing.subscriptions, listing.vouchers];
  const leading = sections.findIndex((items) => items.length > 0);
  const eager = (section: number) => (section === leading ? EAGER_IMAGES : 0);

  return (
    <div className="page home-page">
      <h1 className="page__title">{t('heading', { name: organisation.name })}</h1>
      {isEmpty ? <Alert tone="info">{t('empty')}</Alert> : null}
      <CategoryCards categories={listing.categories} eagerImages={eager(0)} />
      <ItemSection kind="product" items={listing.products} eagerImages={eager(1)} />
      <ItemSection kind="subscription" items={listing.subscriptions} currentId={listing.currentSubscriptionId} eagerImages={eager(2)} />
      <ItemSection kind="voucher" items={listing.vouchers} eagerImages={eager(3)} />
    </div>
  );
}
