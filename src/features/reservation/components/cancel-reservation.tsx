/** "Cancel reservation" with a confirmation: the places are given back at once. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert.tsx';
import { ApiErrorText } from '../../../components/api-error-text.tsx';
import { Modal } from '../../../components/modal.tsx';
import { useCancelReservation } from '../api/cancel-reservation.ts';

export function CancelReservation({ hash, onCancelled }: { hash: string; onCancelled(): void }) {
  const { t } = useTranslation('reservation');
  const [asking, setAsking] = useState(false);
  const cancel = useCancelReservation(hash);
  const confirm = () => cancel.mutate(undefined, { onSuccess: onCancelled });
  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => setAsking(true)}>
        {t('overview.cancel.button')}
      </button>
      <Modal
        open={asking}
        onClose={() => setAsking(false)}
        title={t('overview.cancel.title')}
        footer={
          <>
            <button type="button" className="button button--primary" onClick={confirm} disabled={cancel.isPending}>
              {t('overview.cancel.confirm')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setAsking(false)}>
              {t('overview.cancel.keep')}
            </button>
          </>
        }
      >
        <p>{t('overview.cancel.question')}</p>
        {cancel.isError ? (
          <Alert tone="danger">
            <ApiErrorText error={cancel.error} />
          </Alert>
        ) : null}
      </Modal>
    </>
  );
}
