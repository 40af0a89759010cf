/** One kind of item (products, subscriptions or vouchers) on the home page. */
import { useTranslation } from 'react-i18next';
import { CardSection } from '../../../components/card-section.tsx';
import type { ProductSummary, SubscriptionSummary, VoucherSummary } from '#domain/contracts/catalogue.ts';
import { useOrganisation } from '../../../lib/api/organisation.ts';
import { formatMoney } from '../../../lib/format.ts';

export type ItemKind = 'product' | 'subscription' | 'voucher';

interface ItemSectionProps {
  kind: ItemKind;
  items: readonly (ProductSummary | SubscriptionSummary | VoucherSummary)[];
  /** Marked as the visitor's current subscription (renewal). */
  currentId?: number | null;
  /** See `CardSection`. */
  eagerImages?: number;
}

export function ItemSection({ kind, items, currentId = null, eagerImages = 0 }: ItemSectionProps) {
  const { t, i18n } = useTranslation('home');
  const { currency } = useOrganisation();
  return (
    <CardSection
      heading={t(`sections.${kind}`)}
      actionText={t(`actions.${kind}`)}
      descriptionDisplay={{ kind: 'read-more', moreLabel: t('readMore'), lessLabel: t('readLess') }}
      eagerImages={eagerImages}
      entries={items.map((item) => ({
        ...item,
        href: `/${kind}/${item.id}/${item.slug}`,
        highlight: item.id === currentId ? t('currentSubscription') : null,
        price: item.price > 0 ? t('fromPrice', { price: formatMoney(item.price, currency, i18n.language) }) : null,
      }))}
    />
  );
}
