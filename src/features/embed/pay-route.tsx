/**
 * Route module of `/embed/pay/:hash`, lazy-loaded by the app router: where an embedding site sends its
 * top window when a shopper in the frame pays. Here, at the shop's own top level, the payment (GET
 * /api/payment/{hash}) runs through the one dispatcher exactly as in the shop itself — a redirect, a
 * form, the card dialog or the PayPal buttons, never inside a frame. `?back=` (the embedding page,
 * only when its origin is allowed) is kept in this tab's sessionStorage, so that the return page sends
 * the shopper back there with the order.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { Alert } from '../../components/alert.tsx';
import { ApiErrorText } from '../../components/api-error-text.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { EMBED_BACK_KEY, embedAllows } from '../../embed/embedded.ts';
import { apiClient } from '../../lib/api-client.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { dispatchPayment } from '../../payments/dispatcher.ts';
import { getPayment } from '../../payments/resume/get-payment.ts';

/** The embedding page to come back to, when its origin may embed the shop; else null. */
async function allowedBack(back: string | null): Promise<string | null> {
  if (!back) return null;
  let url: URL;
  try {
    url = new URL(back);
  } catch {
    return null;
  }
  const { data } = await apiClient.get<unknown>('/embed');
  return embedAllows(data, url.origin) ? url.origin + url.pathname + url.search : null;
}

export function Component() {
  const { t } = useTranslation('embed');
  const { hash = '' } = useParams();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const started = useRef(false);
  useDocumentTitle(t('pay.title'));

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const back = new URLSearchParams(location.search).get('back');
    void (async () => {
      try {
        const target = await allowedBack(back);
        if (target) sessionStorage.setItem(EMBED_BACK_KEY, target);
        const payment = await getPayment(hash);
        const fail = (error: unknown = null) => setFailure({ error });
        if (!dispatchPayment(payment, { navigate: (path) => navigate(path, { replace: true }), fail }).ok) fail();
      } catch (error) {
        setFailure({ error });
      }
    })();
  }, [hash, navigate]);

  return (
    <div className="page">
      <h1 className="page__title">{t('pay.title')}</h1>
      {failure ? (
        <Alert tone="danger">
          <ApiErrorText error={failure.error} />
        </Alert>
      ) : (
        <Spinner label={t('pay.leaving')} />
      )}
    </div>
  );
}
