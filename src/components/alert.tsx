/**
 * An inline message. Danger is an `alert` (announced at once); the other tones are a polite `status`.
 */
import type { ReactNode } from 'react';
import './components.css';

export type AlertTone = 'info' | 'success' | 'warning' | 'danger';

export interface AlertProps {
  tone: AlertTone;
  children: ReactNode;
  /** A button or link that resolves the message, such as "Try again". */
  action?: ReactNode;
}

export function Alert({ tone, children, action }: AlertProps) {
  return (
    <div className={`alert alert--${tone}`} role={tone === 'danger' ? 'alert' : 'status'}>
      <div className="alert__message">{children}</div>
      {action ? <div className="alert__action">{action}</div> : null}
    </div>
  );
}
