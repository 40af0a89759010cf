/**
 * The reservation overview (spec section 2, Reservation page): one card per reserved item, the
 * confirmation, the customer's details and until when the places are kept. A reservation that cannot
 * be loaded opens the load-failure modal (spec section 8).
 */
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useOrganisation } from '../../../lib/api/organisation.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useReservation } from '../api/get-reservation.ts';
import { formatExpiry } from '../format-expiry.ts';
import { CustomerDetails } from './customer-details.tsx';
import { PayReservation } from './pay-reservation.tsx';
import { ReservationCards } from './reservation-cards.tsx';
import { ReservationLoadFailure } from './reservation-load-failure.tsx';
import '../reservation.css';

export function ReservationPage({ hash }: { hash: string }) {
  const { t, i18n } = useTranslation(['reservation', 'errors']);
  const { timezone } = useOrganisation();
  const query = useReservation(hash);
  useDocumentTitle(t('documentTitle'));

  if (query.isError) return <ReservationLoadFailure error={query.error} />;
  if (!query.data) {
    return (
      <div className="page">
        <Spinner label={t('loading')} />
      </div>
    );
  }

  const answer = query.data;
  const { customer } = answer.reservation;
  return (
    <div className="page reservation-page">
      <h1 className="page__title">{t('heading')}</h1>
      <Alert tone="success">{t('confirmation')}</Alert>
      <p className="text-muted">
        {t('reference')}: <span className="reservation-page__reference">{answer.reservation.hash}</span>
      </p>
      {answer.expiration_date ? <p>{t('expires', { date: formatExpiry(answer.expiration_date, i18n.language, timezone) })}</p> : null}
      <section aria-labelledby="reservation-items">
        <h2 id="reservation-items">{t('items')}</h2>
        <ReservationCards answer={answer} />
      </section>
      <section aria-labelledby="reservation-customer">
        <h2 id="reservation-customer">{t('customer.heading')}</h2>
        <CustomerDetails customer={customer} />
      </section>
      <PayReservation hash={answer.reservation.hash} />
    </div>
  );
}
