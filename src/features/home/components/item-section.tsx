/** One kind of item (products, subscriptions or vouchers) as a headed grid of cards. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CardGrid } from '../../../components/card.tsx';
import { ItemCard } from '../../../components/item-card.tsx';
import type { ProductSummary, SubscriptionSummary, VoucherSummary } from '../../../domain/contracts/catalogue.ts';
import { useOrganisation } from '../../../lib/api/organisation.ts';
import { formatMoney } from '../../../lib/format.ts';

export type ItemKind = 'product' | 'subscription' | 'voucher';

interface ItemSectionProps {
  kind: ItemKind;
  items: readonly (ProductSummary | SubscriptionSummary | VoucherSummary)[];
  /** Marked as the visitor's current subscription (renewal). */
  currentId?: number | null;
}

export function ItemSection({ kind, items, currentId = null }: ItemSectionProps) {
  const { t, i18n } = useTranslation('home');
  const { currency } = useOrganisation();
  const headingId = useId();
  if (items.length === 0) return null;

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{t(`sections.${kind}`)}</h2>
      <CardGrid>
        {items.map((item) => (
          <ItemCard
            key={item.id}
            title={item.title}
            href={`/${kind}/${item.id}/${item.slug}`}
            actionText={t(`actions.${kind}`)}
            image={item.image}
            label={item.label}
            highlight={item.id === currentId ? t('currentSubscription') : null}
            price={item.price > 0 ? t('fromPrice', { price: formatMoney(item.price, currency, i18n.language) }) : null}
            descriptionHtml={item.description}
            descriptionDisplay={{ kind: 'read-more', moreLabel: t('readMore'), lessLabel: t('readLess') }}
          />
        ))}
      </CardGrid>
    </section>
  );
}
