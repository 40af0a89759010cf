/** The order-failed modal (spec section 8): the translated error, or 'Unexpected error'. */
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal.tsx';
import { ApiErrorText } from '../../../components/api-error-text.tsx';
import { useCheckoutStore } from '../store.ts';

export function OrderFailedModal() {
  const { t } = useTranslation('order');
  const failure = useCheckoutStore((state) => state.failure);
  const failureDismissed = useCheckoutStore((state) => state.failureDismissed);
  return (
    <Modal open={failure !== undefined} onClose={failureDismissed} title={t('failed.title')} closeLabel={t('navigation.close')}>
      <p role="alert">{failure ? <ApiErrorText error={failure.error} /> : null}</p>
    </Modal>
  );
}
