/**
 * The return page after payment (spec section 2): asks the server how the order stands and shows it.
 * A pending payment is asked about again every 2 s (api/get-order-status.ts) until it is final; a
 * reservation belongs on its own page.
 */
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router-dom';
import { Alert } from '../../../components/alert.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { ApiErrorText } from '../../../components/api-error-text.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { isUnknownOrder, useOrderStatus } from '../api/get-order-status.ts';
import { OrderOutcome } from './order-outcome.tsx';
import '../checkout-return.css';

export function CheckoutReturnPage({ hash }: { hash: string }) {
  const { t } = useTranslation('checkout');
  const order = useOrderStatus(hash);
  useDocumentTitle(t('documentTitle'));

  if (order.data?.status === 'RESERVED') return <Navigate to={`/reservation/${encodeURIComponent(hash)}`} replace />;

  return (
    <div className="page checkout-return">
      <h1 className="page__title">{t('heading')}</h1>
      {order.data ? (
        <OrderOutcome order={order.data} />
      ) : order.isError ? (
        <Alert
          tone="danger"
          action={
            <Link className="button button--secondary" to="/">
              {t('home')}
            </Link>
          }
        >
          {isUnknownOrder(order.error) ? t('notFound') : <ApiErrorText error={order.error} />}
        </Alert>
      ) : (
        <Spinner label={t('loading')} />
      )}
    </div>
  );
}
