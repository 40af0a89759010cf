/** One kind of item in a category as a headed grid of cards, each with its information modal. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CardGrid } from '../../../components/card.tsx';
import { ItemCard } from '../../../components/item-card.tsx';
import type { ProductSummary, SubscriptionSummary, VoucherSummary } from '../../../domain/contracts/catalogue.ts';
import { isListedState } from '../../../domain/catalogue-state.ts';
import { useOrganisation } from '../../../lib/api/organisation.ts';
import { formatMoney } from '../../../lib/format.ts';

export type ItemKind = 'product' | 'subscription' | 'voucher';

interface CategoryItemSectionProps {
  kind: ItemKind;
  items: readonly (ProductSummary | SubscriptionSummary | VoucherSummary)[];
}

export function CategoryItemSection({ kind, items }: CategoryItemSectionProps) {
  const { t, i18n } = useTranslation('catalogue');
  const { currency } = useOrganisation();
  const headingId = useId();
  const listed = items.filter((item) => isListedState(item.state));
  if (listed.length === 0) return null;

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{t(`sections.${kind}`)}</h2>
      <CardGrid>
        {listed.map((item) => (
          <ItemCard
            key={item.id}
            title={item.title}
            href={`/${kind}/${item.id}/${item.slug}`}
            actionText={t(`actions.${kind}`)}
            image={item.image}
            label={item.label}
            price={item.price > 0 ? t('fromPrice', { price: formatMoney(item.price, currency, i18n.language) }) : null}
            descriptionHtml={item.description}
            descriptionDisplay={{ kind: 'modal', infoLabel: t('moreInfo'), closeLabel: t('close') }}
          />
        ))}
      </CardGrid>
    </section>
  );
}
