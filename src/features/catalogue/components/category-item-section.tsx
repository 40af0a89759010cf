/** One kind of item in a category, each card with its information modal. */
import { useTranslation } from 'react-i18next';
import { CardSection } from '../../../components/card-section.tsx';
import { isListedState } from '#domain/catalogue-state.ts';
import type { ProductSummary, SubscriptionSummary, VoucherSummary } from '#domain/contracts/catalogue.ts';
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
  return (
    <CardSection
      heading={t(`sections.${kind}`)}
      actionText={t(`actions.${kind}`)}
      descriptionDisplay={{ kind: 'modal', infoLabel: t('moreInfo'), closeLabel: t('close') }}
      entries={items
        .filter((item) => isListedState(item.state))
        .map((item) => ({
          ...item,
          href: `/${kind}/${item.id}/${item.slug}`,
          price: item.price > 0 ? t('fromPrice', { price: formatMoney(item.price, currency, i18n.language) }) : null,
        }))}
    />
  );
}
