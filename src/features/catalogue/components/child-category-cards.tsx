/** The sub-categories of a category as cards linking to their pages. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CardGrid } from '../../../components/card.tsx';
import { ItemCard } from '../../../components/item-card.tsx';
import { isListedState } from '../../../domain/catalogue-state.ts';
import type { CategoryListItem } from '../../../domain/contracts/catalogue.ts';

export function ChildCategoryCards({ categories }: { categories: readonly CategoryListItem[] }) {
  const { t } = useTranslation('catalogue');
  const headingId = useId();
  const listed = categories.filter((category) => isListedState(category.state)).sort((a, b) => a.sort - b.sort);
  if (listed.length === 0) return null;

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{t('sections.categories')}</h2>
      <CardGrid>
        {listed.map((category) => (
          <ItemCard
            key={category.id}
            title={category.title}
            href={`/category/${category.id}/${category.slug}`}
            actionText={t('actions.category')}
            image={category.image}
            descriptionHtml={category.description}
            descriptionDisplay={{ kind: 'modal', infoLabel: t('moreInfo'), closeLabel: t('close') }}
          />
        ))}
      </CardGrid>
    </section>
  );
}
