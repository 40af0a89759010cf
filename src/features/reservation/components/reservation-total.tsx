/** The reservation's additions and total (spec section 9): the amount the payment asks. */
import { useTranslation } from 'react-i18next';
import type { ReservationResponse } from '../../../domain/contracts/reservation.ts';
import { useOrganisation } from '../../../lib/api/organisation.ts';
import { formatMoney } from '../../../lib/format.ts';

export function ReservationTotal({ answer }: { answer: ReservationResponse }) {
  const { t, i18n } = useTranslation('reservation');
  const { currency } = useOrganisation();
  const money = (amount: number) => formatMoney(amount, currency, i18n.language);
  return (
    <dl className="reservation-page__total">
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
  );
}
