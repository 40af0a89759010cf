/** The cart's subtotal, discount (only when there is one), additions and total, as the server priced them. */
import { useTranslation } from 'react-i18next';
import type { OrderPrices } from '../../../domain/contracts/orders.ts';
import { useOrganisation } from '../../../lib/api/organisation.ts';
import { formatMoney } from '../../../lib/format.ts';

export function PriceLines({ totals }: { totals: OrderPrices }) {
  const { t, i18n } = useTranslation('order');
  const { currency } = useOrganisation();
  const money = (amount: number) => formatMoney(amount, currency, i18n.language);
  return (
    <dl className="price-lines">
      <dt>{t('summary.subtotal')}</dt>
      <dd>{money(totals.subtotal)}</dd>
      {totals.discount > 0 ? (
        <>
          <dt>{t('summary.discount')}</dt>
          <dd>−{money(totals.discount)}</dd>
        </>
      ) : null}
      <dt>{t('summary.additions')}</dt>
      <dd>{money(totals.additions)}</dd>
      <dt className="price-lines__total">{t('summary.total')}</dt>
      <dd className="price-lines__total">{money(totals.total)}</dd>
    </dl>
  );
}
