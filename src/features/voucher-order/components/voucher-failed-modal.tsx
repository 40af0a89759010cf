/** The order-failed modal of the voucher flow (spec section 8): the translated error, or 'Unexpected error'. */
import { useTranslation } from 'react-i18next';
import { ApiErrorText } from '../../../components/api-error-text.tsx';
import { Modal } from '../../../components/modal.tsx';
import { useVoucherOrderStore } from '../store.ts';

export function VoucherFailedModal() {
  const { t } = useTranslation('voucher');
  const failure = useVoucherOrderStore((state) => state.failure);
  const failureDismissed = useVoucherOrderStore((state) => state.failureDismissed);
  return (
    <Modal open={failure !== undefined} onClose={failureDismissed} title={t('failed.title')} closeLabel={t('navigation.close')}>
      <p role="alert">{failure ? <ApiErrorText error={failure.error} /> : null}</p>
    </Modal>
  );
}
