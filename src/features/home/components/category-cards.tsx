/** The shop's top-level categories as cards linking to their pages. */
import { useTranslation } from 'react-i18next';
import { CardSection } from '../../../components/card-section.tsx';
import type { CategoryListItem } from '#domain/contracts/catalogue.ts';

export function CategoryCards({ categories, eagerImages = 0 }: { categories: readonly CategoryListItem[]; eagerImages?: number }) {
  const { t } = useTranslation('home');
  return (
    <CardSection
      heading={t('sections.categories')}
      actionText={t('actions.category')}
      descriptionDisplay={{ kind: 'read-more', moreLabel: t('readMore'), lessLabel: t('readLess') }}
      entries={categories.map((category) => ({ ...category, href: `/category/${category.id}/${category.slug}` }))}
      eagerImages={eagerImages}
    />
  );
}
