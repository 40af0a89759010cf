/**
 * A second thought before a destructive or session-ending action (issue 38 item 3), in the shared modal:
 * the question names what will happen ("Close 10:00 on Tue 10 Dec 2026? 2 bookings stay valid"), then
 * Cancel (focused first, so Enter never acts by accident) and the action's own button; the refusal in
 * words when it fails. The dialog stays open while the action is pending and is closed by the caller.
 *
 *   <ConfirmDialog title={…} confirmLabel={…} pending={close.isPending} error={close.error}
 *     onConfirm={() => close.mutate(…)} onCancel={() => setAsking(null)}>{summary}</ConfirmDialog>
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/modal.tsx';
import { errorText } from '../../lib/error-message.ts';

export function ConfirmDialog({
  title,
  confirmLabel,
  onConfirm,
  onCancel,
  pending = false,
  error = null,
  disabled = false,
  children,
}: {
  /** The question itself: what, which one, when. */
  title: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  pending?: boolean;
  error?: unknown;
  /** Nothing to confirm (a preview that refuses): only Cancel acts. */
  disabled?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation('backoffice');
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  return (
    <Modal open title={title} closeLabel={t('confirm.close')} onClose={onCancel}>
      <div className="bo-confirm">
        {children}
        {error ? (
          <p role="alert" className="bo-alert">
            {errorText(t, error)}
          </p>
        ) : null}
        <div className="bo-toolbar">
          <button ref={cancel} type="button" className="bo-button" onClick={onCancel}>
            {t('confirm.cancel')}
          </button>
          <button type="button" className="bo-button bo-button--primary" disabled={pending || disabled} onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </Modal>
  );
}
