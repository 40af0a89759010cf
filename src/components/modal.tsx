/**
 * The one modal dialog of both apps: rendered in a portal over a backdrop, focus moved in on
 * open and trapped (Tab / Shift+Tab), closed by Escape, the close button or a backdrop click, focus
 * returned to the opener on close, and the page behind it kept from scrolling.
 */
import { useEffect, useEffectEvent, useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import './components.css';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  /** Accessible name of the × button; defaults to `buttons.close` of the app's default namespace. */
  closeLabel?: string;
}

export function Modal(props: ModalProps) {
  if (!props.open || typeof document === 'undefined') return null;
  return createPortal(<ModalDialog {...props} />, document.body);
}

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => !element.closest('[hidden], [inert]') && element.tabIndex >= 0);
}

// Nested modals share one scroll lock: the page scrolls again only when the last one closes.
let openModals = 0;
let savedOverflow = '';

function lockBodyScroll(): () => void {
  if (openModals === 0) {
    savedOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
  }
  openModals += 1;
  return () => {
    openModals -= 1;
    if (openModals === 0) document.body.style.overflow = savedOverflow;
  };
}

function ModalDialog({ onClose, title, children, footer, closeLabel }: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const pressStartedOnBackdrop = useRef(false);
  // The document listener below closes with the latest onClose without being re-attached.
  const closeFromDocument = useEffectEvent(() => onClose());

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const unlock = lockBodyScroll();
    // A form field if the modal holds a form; otherwise the dialog itself, so a screen reader
    // announces its title before the content rather than landing on the × button.
    const firstField = dialog.querySelector<HTMLElement>(
      ['input:not([type="hidden"])', 'select', 'textarea'].map((field) => `.modal__body ${field}:not([disabled])`).join(','),
    );
    (firstField ?? dialog).focus();
    return () => {
      unlock();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  // Focus can fall out of the dialog without anyone moving it: the browser drops it to <body>
  // when the focused button becomes disabled (a submit while pending). Keys pressed then reach
  // the document, not the dialog, so the topmost open dialog listens there too.
  useEffect(() => {
    const onDocumentKeyDown = (event: globalThis.KeyboardEvent) => {
      const dialog = dialogRef.current;
      if (!dialog || dialog.contains(event.target as Node)) return;
      const open = document.querySelectorAll('[role="dialog"][aria-modal="true"]');
      if (open[open.length - 1] !== dialog) return;
      if (event.key === 'Escape') {
        closeFromDocument();
      } else if (event.key === 'Tab') {
        event.preventDefault();
        const focusable = focusableIn(dialog);
        (event.shiftKey ? focusable[focusable.length - 1] : focusable[0])?.focus();
      }
    };
    document.addEventListener('keydown', onDocumentKeyDown);
    return () => document.removeEventListener('keydown', onDocumentKeyDown);
  }, []);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      // A nested modal closes alone: React events bubble through portals to the outer modal.
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    event.stopPropagation();
    const focusable = focusableIn(dialogRef.current);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    const outside = !dialogRef.current.contains(active) || active === dialogRef.current;
    if (event.shiftKey && (active === first || outside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || outside)) {
      event.preventDefault();
      first.focus();
    }
  };

  // Closing needs press and release on the backdrop, so a text selection that ends outside does not close.
  const handleBackdropMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    pressStartedOnBackdrop.current = event.target === event.currentTarget;
  };
  const handleBackdropClick = (event: MouseEvent<HTMLDivElement>) => {
    if (pressStartedOnBackdrop.current && event.target === event.currentTarget) onClose();
    pressStartedOnBackdrop.current = false;
  };

  return (
    <div className="modal-backdrop" data-testid="modal-backdrop" onMouseDown={handleBackdropMouseDown} onClick={handleBackdropClick}>
      <div ref={dialogRef} className="modal" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} onKeyDown={handleKeyDown}>
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button type="button" className="modal__close" onClick={onClose} aria-label={closeLabel ?? t('buttons.close')}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="modal__body">{children}</div>
        {footer ? <div className="modal__footer">{footer}</div> : null}
      </div>
    </div>
  );
}
