/**
 * Pays a pending reservation or order now: its payment is fetched by hash (GET /api/payment/{hash})
 * and run by the payment dispatcher, exactly like a new order's. The labels come from the page that
 * shows it; a refusal (e.g. ORDER_NOT_PAYABLE) or a payment no path can run is said above the button.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '../../components/alert.tsx';
import { ApiErrorText } from '../../components/api-error-text.tsx';
import { dispatchPayment } from '../dispatcher.ts';
import { useResumePayment } from './get-payment.ts';

export interface ResumePaymentButtonProps {
  /** The reservation's / order's hash, or the payment's. */
  hash: string;
  label: string;
  /** Shown while the payment is being opened. */
  busyLabel: string;
}

export function ResumePaymentButton({ hash, label, busyLabel }: ResumePaymentButtonProps) {
  const navigate = useNavigate();
  const resume = useResumePayment();
  // Why paying did not start: the API's refusal, or a payment no path could run ("Unexpected error").
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);

  const start = () => {
    setFailure(null);
    resume.mutate(hash, {
      onSuccess: (payment) => {
        const failed = (error: unknown = null) => {
          resume.reset();
          setFailure({ error });
        };
        if (!dispatchPayment(payment, { navigate: (path) => navigate(path), fail: failed }).ok) failed();
      },
      onError: (error) => setFailure({ error }),
    });
  };
  const busy = resume.isPending || (resume.isSuccess && failure === null);

  return (
    <>
      {failure ? (
        <Alert tone="danger">
          <ApiErrorText error={failure.error} />
        </Alert>
      ) : null}
      <button type="button" className="button button--primary" onClick={start} disabled={busy} aria-busy={busy}>
        {busy ? busyLabel : label}
      </button>
    </>
  );
}
