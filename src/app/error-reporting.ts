/**
 * Error reporting (spec section 7: trace sample rate 1, at most 50 breadcrumbs). The Sentry client
 * (sentry-client.ts) is loaded with a dynamic import, only when a DSN is configured and only once
 * the page has loaded, so it never competes with the first render; a build without
 * VITE_SENTRY_DSN never downloads it at all. Errors a boundary reports before it is there wait.
 */
import { config } from '../lib/config.ts';

type SentryClient = typeof import('./sentry-client.ts');

let sentry: Promise<SentryClient> | null = null;
/** Errors reported before the client was asked for; sent once it is there. */
const waiting: unknown[] = [];

/** Called once from main.tsx after the first render; a no-op without a DSN. */
export function startErrorReporting(): Promise<void> {
  const dsn = config.sentryDsn;
  if (!dsn || sentry) return Promise.resolve();
  sentry = import('./sentry-client.ts').then((module) => {
    module.startSentry(dsn, import.meta.env.MODE);
    for (const error of waiting.splice(0)) module.captureException(error);
    return module;
  });
  return sentry.then(
    () => undefined,
    // Reporting is best-effort: a blocked script must not break the shop.
    () => {
      sentry = null;
    },
  );
}

/** Starts error reporting once the page has loaded and the browser is idle. */
export function startErrorReportingAfterLoad(): void {
  if (!config.sentryDsn) return;
  const start = () => {
    const idle = globalThis.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1));
    idle(() => void startErrorReporting());
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/** Reports an error caught by a boundary; a no-op when reporting is off. */
export function reportError(error: unknown): void {
  if (!config.sentryDsn) return;
  if (!sentry) {
    // Bounded: a page failing in a loop before the client loads must not grow without end.
    if (waiting.length < 20) waiting.push(error);
    return;
  }
  void sentry.then((module) => module.captureException(error)).catch(() => undefined);
}
