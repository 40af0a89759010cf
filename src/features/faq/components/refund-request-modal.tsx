/** The refund request modal. Its form mounts afresh each time the modal opens, so it always starts empty. */
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal.tsx';
import { RefundRequestForm } from './refund-request-form.tsx';

export function RefundRequestModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('faq');
  return (
    <Modal open={open} onClose={onClose} title={t('refund.title')} closeLabel={t('close')}>
      <RefundRequestForm onClose={onClose} />
    </Modal>
  );
}
