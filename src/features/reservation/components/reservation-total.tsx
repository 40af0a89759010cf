/**
 * The reservation's coupon lines (each with a remove action), additions and total (spec sections 2
 * and 9): the total is the amount the payment asks. Removing a coupon is the server's to price; the
 * page shows the reloaded reservation.
 */
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert.tsx';
import { ApiErrorText } from '../../../components/api-error-text.tsx';
import type { ReservationResponse } from '#domain/contracts/reservation.ts';
import { useOrganisation } from '../../../lib/api/organisation.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useRemoveReservationCoupon } from '../api/remove-coupon.ts';

export function ReservationTotal({ answer }: { answer: ReservationResponse }) {
  const { t, i18n } = useTranslation('reservation');
  const { currency } = useOrganisation();
  const remove = useRemoveReservationCoupon(answer.reservation.hash);
  const money = (amount: number) => formatMoney(amount, currency, i18n.language);
  return (
    <>
      <dl className="reservation-page__total">
        {answer.coupons.map((code) => (
          <div key={code} className="reservation-page__total-row">
            <dt>{t('overview.coupon.line', { code })}</dt>
            <dd>
              <button
                type="button"
                className="button button--link text-small"
                disabled={remove.isPending}
                onClick={() => remove.mutate(code)}
                aria-label={t('overview.coupon.removeNamed', { code })}
              >
                {t('overview.coupon.remove')}
              </button>
            </dd>
          </div>
        ))}
        {answer.additions.map((addition) => (
          <div key={addition.name} className="reservation-page__total-row">
            <dt>{addition.name}</dt>
            <dd>{money(addition.amount)}</dd>
          </div>
        ))}
        <div className="reservation-page__total-row reservation-page__total-row--grand">
          <dt>{t('overview.total')}</dt>
          <dd>{money(answer.total)}</dd>
        </div>
      </dl>
      <div aria-live="polite">
        {remove.isSuccess ? <Alert tone="success">{t('overview.coupon.removed', { total: money(answer.total) })}</Alert> : null}
        {remove.isError ? (
          <Alert tone="danger">
            <ApiErrorText error={remove.error} />
          </Alert>
        ) : null}
      </div>
    </>
  );
}
