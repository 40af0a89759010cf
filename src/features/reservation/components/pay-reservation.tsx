/**
 * The reservation's checkout (spec section 2, Reservation page: overview, then checkout): the
 * payment is fetched by the reservation's hash and run by the payment dispatcher, like a new order's.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/alert.tsx';
import { ApiErrorText } from '../../../components/api-error-text.tsx';
import { dispatchPayment } from '../../../payments/dispatcher.ts';
import { usePayReservation } from '../api/get-payment.ts';

/** Why paying did not start: the API's refusal, or a payment no path could run (shown as "Unexpected error"). */
type Failure = { error: unknown } | null;

export function PayReservation({ hash }: { hash: string }) {
  const { t } = useTranslation('reservation');
  const navigate = useNavigate();
  const pay = usePayReservation();
  const [failure, setFailure] = useState<Failure>(null);

  const start = () => {
    setFailure(null);
    pay.mutate(hash, {
      onSuccess: (payment) => {
        const failed = (error: unknown = null) => {
          pay.reset();
          setFailure({ error });
        };
        if (!dispatchPayment(payment, { navigate: (path) => navigate(path), fail: failed }).ok) failed();
      },
      onError: (error) => setFailure({ error }),
    });
  };
  const busy = pay.isPending || (pay.isSuccess && failure === null);

  return (
    <section aria-labelledby="reservation-pay" className="reservation-page__pay">
      <h2 id="reservation-pay">{t('pay.heading')}</h2>
      <p>{t('pay.intro')}</p>
      {failure ? (
        <Alert tone="danger">
          <ApiErrorText error={failure.error} />
        </Alert>
      ) : null}
      <button type="button" className="button button--primary" onClick={start} disabled={busy} aria-busy={busy}>
        {busy ? t('pay.starting') : t('pay.button')}
      </button>
    </section>
  );
}
