/**
 * /renew/{hash} (spec sections 2, 4 and 8): without a signed-in client, to /client/login and back
 * here after signing in. With one, the renewal is loaded; a renewable one is kept (src/lib/renewal-store.ts)
 * until it is ordered and the subscription's flow opens with its passes. A failure shows the
 * server's error_info, or "Unknown error".
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { Alert } from '../../components/alert.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useClient } from '../../lib/api/client.ts';
import { isApiError } from '../../lib/api-client.ts';
import { useRenewalStore } from '../../lib/renewal-store.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useRenewal } from './api/get-renewal.ts';

export function Component() {
  const { hash = '' } = useParams();
  const { t } = useTranslation('subscription');
  const navigate = useNavigate();
  const client = useClient();
  const renewal = useRenewal(hash, client !== null);
  const renewalStarted = useRenewalStore((state) => state.renewalStarted);
  useDocumentTitle(t('renew.title'));

  useEffect(() => {
    if (!renewal.data?.renewable) return;
    renewalStarted(renewal.data);
    navigate(`/subscription/${renewal.data.subscription.id}/renew`, { replace: true });
  }, [renewal.data, renewalStarted, navigate]);

  if (client === null) return <Navigate to={`/client/login?redirect=${encodeURIComponent(`/renew/${hash}`)}`} replace />;
  let content = <Spinner label={t('renew.loading')} />;
  if (renewal.isError) {
    const info = isApiError(renewal.error) ? renewal.error.errorInfo : null;
    content = (
      <Alert tone="danger">
        <strong>{t('renew.failed')}</strong> {info ?? t('renew.unknown')}
      </Alert>
    );
  } else if (renewal.data && !renewal.data.renewable) content = <Alert tone="warning">{t('renew.notRenewable')}</Alert>;
  return (
    <div className="page">
      <h1 className="page__title">{t('renew.title')}</h1>
      {content}
    </div>
  );
}
