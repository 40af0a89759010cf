/**
 * The rebook entry (spec sections 2 and 4, /rebook/{secret}?order=&email=): the secret is checked
 * first (failure: home); the order number and e-mail, prefilled from the query, are validated;
 * then the new date is chosen at /product/{id}/rebook with the old order preloaded.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/alert.tsx';
import { ApiErrorText } from '../../../components/api-error-text.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useRebookSecret } from '../api/check-secret.ts';
import { useValidateRebook } from '../api/validate-rebook.ts';
import { useBookingMoveStore } from '../../../lib/booking-move-store.ts';
import { rebookMove } from '../rebook-move.ts';

/** The server's words for a booking that may not move (spec section 8): shown translated. */
const NOT_ALLOWED = 'Rebook is not allowed';

export function RebookEntryPage({ secret }: { secret: string }) {
  const { t } = useTranslation('rebook');
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const [order, setOrder] = useState(query.get('order') ?? '');
  const [email, setEmail] = useState(query.get('email') ?? '');
  const [missing, setMissing] = useState(false);
  const check = useRebookSecret(secret, query.get('order') ?? '');
  const validate = useValidateRebook();
  const moveStarted = useBookingMoveStore((state) => state.moveStarted);
  useDocumentTitle(t('documentTitle'));

  if (check.isError) return <Navigate to="/" replace />;
  if (!check.data) return <Spinner label={t('loading')} />;

  const submit = () => {
    const blank = order.trim() === '' || email.trim() === '';
    setMissing(blank);
    if (blank) return;
    validate.mutate(
      { secret, order: order.trim(), email: email.trim() },
      {
        onSuccess: (answer) => {
          moveStarted(rebookMove(answer, secret));
          navigate(`/product/${answer.product}/rebook`);
        },
      },
    );
  };
  const notAllowed = isApiError(validate.error) && (validate.error.message === NOT_ALLOWED || validate.error.code === 'REBOOK_NOT_ALLOWED');
  return (
    <div className="page stack">
      <h1 className="page__title">{t('heading')}</h1>
      <p>{t('intro')}</p>
      <form
        noValidate
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField
          label={t('order')}
          inputMode="numeric"
          required
          value={order}
          onChange={(event) => setOrder(event.target.value)}
          error={missing && !order.trim() ? t('required') : null}
        />
        <TextField
          label={t('email')}
          type="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={missing && !email.trim() ? t('required') : null}
        />
        {validate.isError ? (
          <Alert tone="danger">{notAllowed ? t('notAllowed') : <ApiErrorText error={validate.error} reading="rebookValidate" />}</Alert>
        ) : null}
        <div className="actions">
          <button type="submit" className="button button--primary" disabled={validate.isPending}>
            {t('find')}
          </button>
        </div>
      </form>
    </div>
  );
}
