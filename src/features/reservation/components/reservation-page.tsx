/**
 * The reservation page (spec sections 2 and 4, Reservation page: "Overview, then checkout"), two
 * steps. The overview: confirmation, one card per reserved item, additions and total (the amount
 * the payment asks), the customer's details with their edit form, change / cancel / rebook, and
 * "Continue to payment". The checkout (`?step=checkout`, so a reload or the browser's back keeps
 * the step): the cards again, the coupon lines, additions and total, and the pay button. A
 * reservation that cannot be loaded (unknown, or lapsed unpaid) opens the load-failure modal
 * (spec section 8).
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/alert.tsx';
import { OrderHistory } from '../../../components/order-history.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useOrganisation } from '../../../lib/api/organisation.ts';
import { useBookingMoveStore } from '../../../lib/booking-move-store.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useReservation } from '../api/get-reservation.ts';
import { formatExpiry } from '../format-expiry.ts';
import { CancelReservation } from './cancel-reservation.tsx';
import { ChangeReservation } from './change-reservation.tsx';
import { EditCustomer } from './edit-customer.tsx';
import { PayReservation } from './pay-reservation.tsx';
import { ReservationCards } from './reservation-cards.tsx';
import { ReservationLoadFailure } from './reservation-load-failure.tsx';
import { ReservationTotal } from './reservation-total.tsx';
import '../reservation.css';

export function ReservationPage({ hash }: { hash: string }) {
  const { t, i18n } = useTranslation(['reservation', 'errors']);
  const { timezone } = useOrganisation();
  const query = useReservation(hash);
  const [cancelled, setCancelled] = useState(false);
  const [search, setSearch] = useSearchParams();
  const step: ReservationStep = search.get('step') === 'checkout' ? 'checkout' : 'overview';
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const stepChosen = useRef(false);
  // A step the visitor moved to gets the focus on its heading (not a first load or a reload).
  useEffect(() => {
    if (stepChosen.current) stepHeading.current?.focus();
  }, [step]);
  const goTo = (next: ReservationStep) => {
    stepChosen.current = true;
    setSearch(next === 'checkout' ? { step: 'checkout' } : {});
  };
  // Back from a change through the product flow (its router state), reloaded: that move is over.
  const changed = (useLocation().state as { changed?: boolean } | null)?.changed === true;
  const moveEnded = useBookingMoveStore((state) => state.moveEnded);
  useEffect(() => {
    if (changed) moveEnded();
  }, [changed, moveEnded]);
  useDocumentTitle(t('documentTitle'));

  if (cancelled) {
    return (
      <div className="page reservation-page">
        <h1 className="page__title">{t('heading')}</h1>
        <Alert tone="success">{t('overview.cancel.done')}</Alert>
        <Link className="button button--primary" to="/">
          {t('home')}
        </Link>
      </div>
    );
  }
  // Paid since it was made: its tickets (QR codes, PDF, wallet passes) are on the order's page.
  if (query.error instanceof ApiError && query.error.code === 'RESERVATION_PAID')
    return <Navigate to={`/checkout/return/${encodeURIComponent(hash)}`} replace />;
  if (query.isError) return <ReservationLoadFailure error={query.error} />;
  if (!query.data) {
    return (
      <div className="page">
        <Spinner label={t('loading')} />
      </div>
    );
  }

  const answer = query.data;
  // What happened since it was made (moved by the box office, a coupon removed…).
  const changes = answer.history.filter((entry) => entry.event !== 'placed');
  // A change needs a slot to move to: a product without days has none.
  const changeable = answer.allow_changes && answer.additional_reservations.length === 0 && answer.product.plot !== null;
  const rebook = answer.rebooking_secret
    ? `/rebook/${encodeURIComponent(answer.rebooking_secret)}?order=${answer.reservation.id}&email=${encodeURIComponent(answer.reservation.customer.email)}`
    : null;
  if (step === 'checkout') {
    return (
      <div className="page reservation-page">
        <h1 className="page__title">{t('heading')}</h1>
        <p className="text-muted">{t('steps.progress', { step: 2, count: 2 })}</p>
        <section aria-labelledby="reservation-step">
          <h2 id="reservation-step" ref={stepHeading} tabIndex={-1}>
            {t('steps.checkout')}
          </h2>
          <ReservationCards answer={answer} />
          <ReservationTotal answer={answer} />
          <PayReservation hash={answer.reservation.hash} total={answer.total} />
          <div className="actions">
            <button type="button" className="button button--secondary" onClick={() => goTo('overview')}>
              {t('steps.back')}
            </button>
          </div>
        </section>
      </div>
    );
  }
  return (
    <div className="page reservation-page">
      <h1 className="page__title">{t('heading')}</h1>
      <p className="text-muted">{t('steps.progress', { step: 1, count: 2 })}</p>
      <h2 id="reservation-step" className="visually-hidden" ref={stepHeading} tabIndex={-1}>
        {t('steps.overview')}
      </h2>
      <Alert tone="success">{changed ? t('overview.change.done') : t('confirmation')}</Alert>
      <p className="text-muted">
        {t('reference')}: <span className="reservation-page__reference">{answer.reservation.id}</span>
      </p>
      {answer.expiration_date ? <p>{t('expires', { date: formatExpiry(answer.expiration_date, i18n.language, timezone) })}</p> : null}
      <section aria-labelledby="reservation-items">
        <h2 id="reservation-items">{t('items')}</h2>
        <ReservationCards answer={answer} />
        <ReservationTotal answer={answer} />
        <div className="actions">
          {changeable ? <ChangeReservation answer={answer} /> : null}
          {rebook ? (
            <Link className="button button--secondary" to={rebook}>
              {t('overview.rebook')}
            </Link>
          ) : null}
          <CancelReservation hash={answer.reservation.hash} onCancelled={() => setCancelled(true)} />
        </div>
      </section>
      <section aria-labelledby="reservation-customer">
        <h2 id="reservation-customer">{t('customer.heading')}</h2>
        <EditCustomer answer={answer} />
      </section>
      {changes.length > 0 ? (
        <section aria-labelledby="reservation-history">
          <h2 id="reservation-history">{t('history')}</h2>
          <OrderHistory entries={changes} audience="shopper" timezone={timezone} />
        </section>
      ) : null}
      <div className="actions">
        <button type="button" className="button button--primary" onClick={() => goTo('checkout')}>
          {t('steps.toCheckout')}
        </button>
      </div>
    </div>
  );
}

type ReservationStep = 'overview' | 'checkout';
