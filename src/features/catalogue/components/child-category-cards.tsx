/** The sub-categories of a category as cards linking to their pages. */
import { useTranslation } from 'react-i18next';
import { CardSection } from '../../../components/card-section.tsx';
import { isListedState } from '#domain/catalogue-state.ts';
import type { CategoryListItem } from '#domain/contracts/catalogue.ts';

export function ChildCategoryCards({ categories }: { categories: readonly CategoryListItem[] }) {
  const { t } = useTranslation('catalogue');
  return (
    <CardSection
      heading={t('sections.categories')}
      actionText={t('actions.category')}
      descriptionDisplay={{ kind: 'modal', infoLabel: t('moreInfo'), closeLabel: t('close') }}
      entries={categories
        .filter((category) => isListedState(category.state))
        .sort((a, b) => a.sort - b.sort)
        .map((category) => ({ ...category, href: `/category/${category.id}/${category.slug}` }))}
    />
  );
}
