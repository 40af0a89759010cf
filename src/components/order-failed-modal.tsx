/**
 * The order-failed modal (spec section 8), one for products, subscriptions and vouchers: the
 * translated error (`errors.<code>`), or 'Unexpected error'. `action` resolves the failure where
 * one can (a subscription buyer whose e-mail has an account: sign in).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorText } from './api-error-text.tsx';
import { Modal } from './modal.tsx';

export interface OrderFailedModalProps {
  failure: { error: unknown } | undefined;
  onDismiss(): void;
  action?: ReactNode;
}

export function OrderFailedModal({ failure, onDismiss, action }: OrderFailedModalProps) {
  const { t } = useTranslation('common');
  return (
    <Modal open={failure !== undefined} onClose={onDismiss} title={t('orderFailed.title')} closeLabel={t('buttons.close')}>
      <p role="alert">{failure ? <ApiErrorText error={failure.error} /> : null}</p>
      {action ? <div className="actions">{action}</div> : null}
    </Modal>
  );
}
