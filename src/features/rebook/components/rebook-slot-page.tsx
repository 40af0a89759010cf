/**
 * /product/{id}/rebook: the validated booking, preloaded (tickets, audiences and extras as they
 * were), on a new date and time. Only the e-mail address stays the booking's. The submission
 * carries `rebook` and `rebook_secret`; a difference to pay (and the rebooking fee) goes through
 * the payment dispatcher like any order.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/alert.tsx';
import { ApiErrorText } from '../../../components/api-error-text.tsx';
import { SelectField } from '../../../components/customer-form/select-field.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import type { PlotOrder } from '../../../domain/plot-query.ts';
import { usePlots } from '../../../lib/api/plots.ts';
import { formatDay } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { dispatchPayment } from '../../../payments/dispatcher.ts';
import { useSubmitRebook } from '../api/submit-rebook.ts';
import type { RebookValidation } from '../api/validate-rebook.ts';
import { useRebookStore } from '../store.ts';

function plotOrder(validation: RebookValidation): PlotOrder {
  const { product } = validation.quantity;
  return typeof product === 'number' ? { quantity: product } : { audiences: Object.entries(product).map(([id, quantity]) => ({ id: Number(id), quantity })) };
}

export function RebookSlotPage({ productId }: { productId: number }) {
  const { t, i18n } = useTranslation('rebook');
  const navigate = useNavigate();
  const { validation, secret, clear } = useRebookStore();
  const [plot, setPlot] = useState<number | null>(null);
  const [failed, setFailed] = useState<unknown>(null);
  // Set once the rebooking is sent on to its payment: the cleared store must not send the visitor home.
  const [leaving, setLeaving] = useState(false);
  const plots = usePlots(productId, validation ? plotOrder(validation) : { quantity: 1 }, validation !== null);
  const submit = useSubmitRebook();
  useDocumentTitle(t('documentTitle'));

  if (leaving) return <Spinner label={t('loading')} />;
  if (!validation || !secret || validation.product !== productId) return <Navigate to="/" replace />;
  if (!plots.data) return <Spinner label={t('loading')} />;

  const choices = plots.data.filter((choice) => choice.selectable && choice.id !== validation.plot);
  const label = (choice: (typeof choices)[number]) =>
    `${formatDay(choice.date, i18n.language)}, ${choice.time.start ? `${choice.time.start}${choice.time.end ? ` – ${choice.time.end}` : ''}` : t('allDay')}`;
  const confirm = () => {
    if (plot === null) return;
    submit.mutate(
      { validation, plot, secret, language: i18n.language },
      {
        onSuccess: (orders) => {
          const payment = orders.find((result) => result.payment !== null)?.payment;
          if (!payment) return setFailed(new Error('no payment'));
          setLeaving(true);
          clear();
          const dispatched = dispatchPayment(payment, { navigate: (path) => navigate(path), fail: (error) => setFailed(error ?? new Error('payment failed')) });
          if (!dispatched.ok) {
            setLeaving(false);
            setFailed(new Error('payment not started'));
          }
        },
        onError: setFailed,
      },
    );
  };
  return (
    <div className="page stack">
      <h1 className="page__title">{t('slotHeading')}</h1>
      <p>{t('slotIntro', { email: validation.customer.email })}</p>
      <SelectField
        label={t('slot')}
        placeholder={t('choose')}
        options={choices.map((choice) => ({ value: String(choice.id), label: label(choice) }))}
        value={plot === null ? '' : String(plot)}
        onChange={(event) => setPlot(event.target.value ? Number(event.target.value) : null)}
      />
      <p className="text-muted">{t('fee')}</p>
      {failed ? (
        <Alert tone="danger">
          <ApiErrorText error={failed} />
        </Alert>
      ) : null}
      <div className="actions">
        <button type="button" className="button button--primary" disabled={plot === null || submit.isPending} onClick={confirm}>
          {t('confirm')}
        </button>
      </div>
    </div>
  );
}
