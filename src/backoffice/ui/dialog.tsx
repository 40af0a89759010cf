/**
 * A modal dialog for a small form (an action on a record): labelled by its title, the focus moved to
 * its first field (or the dialog) on open, kept inside it (Tab / Shift+Tab), Escape or the close
 * button closes it, and the focus goes back to the button that opened it. Render it only while open.
 *
 *   {open ? <Dialog title={t('refund.title')} closeLabel={t('close')} onClose={() => setOpen(false)}>…form…</Dialog> : null}
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])';

export function Dialog({ title, closeLabel, onClose, children }: { title: string; closeLabel: string; onClose: () => void; children: ReactNode }) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = dialog?.querySelector<HTMLElement>('.bo-dialog__body input, .bo-dialog__body select, .bo-dialog__body textarea');
    (first ?? dialog)?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    const focusable = Array.from(ref.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <div className="bo-dialog-backdrop">
      <div ref={ref} className="bo-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} onKeyDown={onKeyDown}>
        <div className="bo-dialog__header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="bo-button" onClick={onClose}>
            {closeLabel}
          </button>
        </div>
        <div className="bo-dialog__body">{children}</div>
      </div>
    </div>
  );
}
