/**
 * The refund request modal. Its form mounts afresh each time the modal opens, so it always starts
 * empty; its code (fields, rules, the captcha retry) loads when the modal first opens, not with the FAQ.
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal.tsx';
import { Spinner } from '../../../components/spinner.tsx';

const RefundRequestForm = lazy(() => import('./refund-request-form.tsx').then((module) => ({ default: module.RefundRequestForm })));

export function RefundRequestModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('faq');
  return (
    <Modal open={open} onClose={onClose} title={t('refund.title')} closeLabel={t('close')}>
      <Suspense fallback={<Spinner label={t('loading', { ns: 'common' })} />}>
        <RefundRequestForm onClose={onClose} />
      </Suspense>
    </Modal>
  );
}
