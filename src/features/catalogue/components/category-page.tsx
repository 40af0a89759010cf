/**
 * The category page (spec section 2): its sub-categories and items, and a back button. A category
 * the API does not serve (404) or whose state is not served sends the visitor home.
 */
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { Alert } from '../../../components/alert.tsx';
import { HtmlContent } from '../../../components/html-content.tsx';
import { SoldSeparatelyNotice } from '../../../components/sold-separately-notice.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { categoryOfferedBesideCart, offeredBesideCart } from '#domain/cart-exclusive.ts';
import { isListedState, isServedState } from '#domain/catalogue-state.ts';
import type { Category } from '#domain/contracts/catalogue.ts';
import { useCategories } from '../../../lib/api/categories.ts';
import { useCartHasItems } from '../../../lib/cart-store.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { isCategoryGone, useCategory } from '../api/get-category.ts';
import { BackLink } from './back-link.tsx';
import { CategoryItemSection } from './category-item-section.tsx';
import { ChildCategoryCards } from './child-category-cards.tsx';
import '../catalogue.css';

export function CategoryPage({ id }: { id: number }) {
  const { t } = useTranslation('catalogue');
  const query = useCategory(id);
  const category = query.data;
  useDocumentTitle(category && isServedState(category.state) ? category.title : null);

  if (query.isPending) {
    return (
      <div className="page">
        <Spinner label={t('loading')} />
      </div>
    );
  }
  if (query.isError && !category) {
    if (isCategoryGone(query.error)) return <Navigate to="/" replace />;
    return (
      <div className="page">
        <Alert
          tone="danger"
          action={
            <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
              {t('retry')}
            </button>
          }
        >
          {t('loadFailed')}
        </Alert>
      </div>
    );
  }
  if (!category || !isServedState(category.state)) return <Navigate to="/" replace />;
  return <CategoryContent category={category} />;
}

function CategoryContent({ category: served }: { category: Category }) {
  const { t } = useTranslation('catalogue');
  const allCategories = useCategories();
  const cartHasItems = useCartHasItems();
  // Memberships and gifts are not offered beside the product cart (src/domain/cart-exclusive.ts).
  const category = offeredBesideCart(
    { ...served, children: served.children.filter((child) => categoryOfferedBesideCart(child, allCategories, cartHasItems)) },
    cartHasItems,
  );
  const heldBack = cartHasItems && (served.subscriptions.length > 0 || served.vouchers.length > 0 || served.children.length > category.children.length);
  const isEmpty = ![...category.children, ...category.products, ...category.subscriptions, ...category.vouchers].some((entry) => isListedState(entry.state));
  return (
    <div className="page category-page">
      <BackLink parentId={category.parent} />
      <h1 className="page__title">{category.title}</h1>
      {category.description ? <HtmlContent html={category.description} className="category-page__description" /> : null}
      {heldBack ? <SoldSeparatelyNotice /> : isEmpty ? <Alert tone="info">{t('empty')}</Alert> : null}
      <ChildCategoryCards categories={category.children} />
      <CategoryItemSection kind="product" items={category.products} />
      <CategoryItemSection kind="subscription" items={category.subscriptions} />
      <CategoryItemSection kind="voucher" items={category.vouchers} />
    </div>
  );
}
