/**
 * The cart's subtotal, discount (only when there is one), booking fee and total, as the server
 * priced them. The booking fee is the organisation's additions, named as the organisation names
 * them ("Booking fee"), so the step from the item prices to the total is never an unexplained jump.
 */
import { useTranslation } from 'react-i18next';
import type { OrderPrices } from '#domain/contracts/orders.ts';
import type { DiscountMode } from '#domain/order/discount-mode.ts';
import { applicableAdditions } from '#domain/order/pricing.ts';
import { useOrganisation } from '../../../lib/api/organisation.ts';
import { formatMoney } from '../../../lib/format.ts';

/**
 * `rebooking`: the rebooking additions (type 1) apply instead of the new-booking ones.
 * `discountMode` (the cart's, src/domain/order/discount-mode.ts) names the discount line: a gift
 * card's credit (VOUCHER) or a coupon's discount.
 */
export function PriceLines({ totals, rebooking = false, discountMode = 'NONE' }: { totals: OrderPrices; rebooking?: boolean; discountMode?: DiscountMode }) {
  const { t, i18n } = useTranslation('order');
  const { currency, additions } = useOrganisation();
  const money = (amount: number) => formatMoney(amount, currency, i18n.language);
  const names = applicableAdditions(additions, rebooking)
    .map((addition) => addition.name.trim())
    .filter(Boolean);
  return (
    <dl className="price-lines">
      <dt>{t('summary.subtotal')}</dt>
      <dd>{money(totals.subtotal)}</dd>
      {totals.discount > 0 ? (
        <>
          <dt>{discountMode === 'VOUCHER' ? t('summary.giftCardCredit') : t('summary.discount')}</dt>
          <dd>−{money(totals.discount)}</dd>
        </>
      ) : null}
      {totals.additions !== 0 || names.length > 0 ? (
        <>
          <dt className="price-lines__additions">{names.length > 0 ? names.join(' + ') : t('summary.additions')}</dt>
          <dd className="price-lines__additions">{money(totals.additions)}</dd>
        </>
      ) : null}
      <dt className="price-lines__total">{t('summary.total')}</dt>
      <dd className="price-lines__total">{money(totals.total)}</dd>
    </dl>
  );
}
