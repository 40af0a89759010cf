/** The shop's top-level categories as cards linking to their pages. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CardGrid } from '../../../components/card.tsx';
import { ItemCard } from '../../../components/item-card.tsx';
import type { CategoryListItem } from '../../../domain/contracts/catalogue.ts';

export function CategoryCards({ categories }: { categories: readonly CategoryListItem[] }) {
  const { t } = useTranslation('home');
  const headingId = useId();
  if (categories.length === 0) return null;

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{t('sections.categories')}</h2>
      <CardGrid>
        {categories.map((category) => (
          <ItemCard
            key={category.id}
            title={category.title}
            href={`/category/${category.id}/${category.slug}`}
            actionText={t('actions.category')}
            image={category.image}
            descriptionHtml={category.description}
            descriptionDisplay={{ kind: 'read-more', moreLabel: t('readMore'), lessLabel: t('readLess') }}
          />
        ))}
      </CardGrid>
    </section>
  );
}
