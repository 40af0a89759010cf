/**
 * Error reporting (spec section 7: trace sample rate 1, at most 50 breadcrumbs). Sentry is loaded
 * with a dynamic import and only when a DSN is configured, so it never weighs on the first page
 * load and a build without VITE_SENTRY_DSN never downloads it at all.
 */
import { config } from '../lib/config.ts';

type Sentry = typeof import('@sentry/react');

let sentry: Promise<Sentry> | null = null;

/** Called once from main.tsx after the first render. */
export function startErrorReporting(): Promise<void> {
  const dsn = config.sentryDsn;
  if (!dsn || sentry) return Promise.resolve();
  sentry = import('@sentry/react').then((module) => {
    module.init({
      dsn,
      environment: import.meta.env.MODE,
      tracesSampleRate: 1,
      maxBreadcrumbs: 50,
      integrations: [module.browserTracingIntegration()],
    });
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

/** Reports an error caught by a boundary; a no-op when reporting is off. */
export function reportError(error: unknown): void {
  void sentry?.then((module) => module.captureException(error)).catch(() => undefined);
}
