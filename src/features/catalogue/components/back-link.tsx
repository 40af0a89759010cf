/** Back to the parent category, or to the home page for a top-level category. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useCategories } from '../../../lib/api/categories.ts';

export function BackLink({ parentId }: { parentId: number | null }) {
  const { t } = useTranslation('catalogue');
  const categories = useCategories();
  const parent = parentId === null ? undefined : categories.find((category) => category.id === parentId);
  return (
    <Link className="button button--secondary category-page__back" to={parent ? `/category/${parent.id}/${parent.slug}` : '/'}>
      <span aria-hidden="true">← </span>
      {parent ? t('backTo', { title: parent.title }) : t('backHome')}
    </Link>
  );
}
