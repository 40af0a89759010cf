/** The reservation's checkout (spec section 2, Reservation page: overview, then checkout). */
import { useTranslation } from 'react-i18next';
import { useOrganisation } from '../../../lib/api/organisation.ts';
import { formatMoney } from '../../../lib/format.ts';
import { ResumePaymentButton } from '../../../payments/resume/resume-payment-button.tsx';

/** `total`: what the payment asks (the reservation's total, over its whole checkout). */
export function PayReservation({ hash, total }: { hash: string; total: number }) {
  const { t, i18n } = useTranslation('reservation');
  const { currency } = useOrganisation();
  return (
    <section aria-labelledby="reservation-pay" className="reservation-page__pay">
      <h3 id="reservation-pay">{t('pay.heading')}</h3>
      <p>{t('pay.intro')}</p>
      <p className="reservation-page__amount">{t('pay.amount', { amount: formatMoney(total, currency, i18n.language) })}</p>
      <ResumePaymentButton hash={hash} label={t('pay.button')} busyLabel={t('pay.starting')} />
    </section>
  );
}
