/** The reservation load-failure modal (spec section 8): the translated error and the way home. */
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Modal } from '../../../components/modal.tsx';
import { ApiErrorText } from '../../../components/api-error-text.tsx';

export function ReservationLoadFailure({ error }: { error: unknown }) {
  const { t } = useTranslation('reservation');
  const navigate = useNavigate();
  const home = (
    <Link className="button button--primary" to="/">
      {t('home')}
    </Link>
  );
  return (
    <div className="page">
      <h1 className="page__title">{t('heading')}</h1>
      {home}
      {/* Closing leaves nothing to see here, so it goes home as well. */}
      <Modal open title={t('loadFailed')} onClose={() => navigate('/', { replace: true })} footer={home}>
        <p>
          <ApiErrorText error={error} />
        </p>
      </Modal>
    </div>
  );
}
