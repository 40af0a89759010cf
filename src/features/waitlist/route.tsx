/**
 * /waitlist/:token — the link of a waiting-list mail: reads the places it holds, keeps the token for
 * the order (src/lib/waitlist-hold.ts) and opens the product flow on that slot with that quantity,
 * where the date step says the places are held and until when. A used, lapsed or unknown link says so.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Alert } from '../../components/alert.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { rememberWaitlistHold } from '../../lib/waitlist-hold.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { getWaitlistOffer, waitlistErrorKeys } from '../../lib/api/waitlist.ts';

export function Component() {
  const { t } = useTranslation('waitlist');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [failed, setFailed] = useState<string[] | null>(null);
  useDocumentTitle(t('title'));

  useEffect(() => {
    let live = true;
    getWaitlistOffer(token).then(
      (offer) => {
        if (!live) return;
        rememberWaitlistHold({ token, plotId: offer.plotId, quantity: offer.quantity, expiresAt: offer.expiresAt });
        navigate(`/product/${offer.productId}/waitlist`, { replace: true, state: { plot: { id: offer.plotId, date: offer.date }, quantity: offer.quantity } });
      },
      (error: unknown) => live && setFailed(waitlistErrorKeys(error)),
    );
    return () => {
      live = false;
    };
  }, [token, navigate]);

  return (
    <div className="page">
      <h1 className="page__title">{t('title')}</h1>
      {failed ? (
        <Alert tone="danger" action={<Link to="/">{t('toShop')}</Link>}>
          {t(failed)}
        </Alert>
      ) : (
        <Spinner label={t('loading')} />
      )}
    </div>
  );
}
