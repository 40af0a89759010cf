/**
 * What the visitor sees before the app can show: a busy state while the start-up data loads, and
 * a message with a Retry button when it cannot. Markup only; the decisions live in bootstrap.tsx.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import './startup-screen.css';

/** `label` is absent only before the translations are in; the busy state is still announced. */
export function StartupLoading({ label }: { label?: string }) {
  return (
    <div className="startup-screen" role="status" aria-live="polite" aria-busy="true">
      <span className="startup-screen__spinner" aria-hidden="true" />
      {label ? <p className="startup-screen__label">{label}</p> : null}
    </div>
  );
}

interface StartupFailedProps {
  title: string;
  body: string;
  detail: ReactNode;
  retryLabel: string;
  onRetry: () => void;
}

export function StartupFailed({ title, body, detail, retryLabel, onRetry }: StartupFailedProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <main className="startup-screen startup-screen--failed">
      <div role="alert">
        <h1 ref={heading} tabIndex={-1}>
          {title}
        </h1>
        <p>{body}</p>
        {detail ? <p className="text-muted text-small">{detail}</p> : null}
      </div>
      <button type="button" className="button button--primary" onClick={onRetry}>
        {retryLabel}
      </button>
    </main>
  );
}
