/** The reservation's checkout (spec section 2, Reservation page: overview, then checkout). */
import { useTranslation } from 'react-i18next';
import { ResumePaymentButton } from '../../../payments/resume/resume-payment-button.tsx';

export function PayReservation({ hash }: { hash: string }) {
  const { t } = useTranslation('reservation');
  return (
    <section aria-labelledby="reservation-pay" className="reservation-page__pay">
      <h2 id="reservation-pay">{t('pay.heading')}</h2>
      <p>{t('pay.intro')}</p>
      <ResumePaymentButton hash={hash} label={t('pay.button')} busyLabel={t('pay.starting')} />
    </section>
  );
}
