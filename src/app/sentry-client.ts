/**
 * The Sentry client, assembled from the parts the shop uses rather than `Sentry.init()`: init pulls
 * in every default integration (sessions, API wrapping, feedback hooks…) whether used or not. This
 * module is only ever imported dynamically (see error-reporting.ts), so none of it is in the first
 * page's script, and with static named imports the bundler drops the rest of the SDK.
 *
 * Spec section 7: trace sample rate 1, at most 50 breadcrumbs.
 */
import {
  breadcrumbsIntegration,
  BrowserClient,
  browserTracingIntegration,
  captureException,
  dedupeIntegration,
  defaultStackParser,
  globalHandlersIntegration,
  linkedErrorsIntegration,
  makeFetchTransport,
  setCurrentClient,
} from '@sentry/react';

export function startSentry(dsn: string, environment: string): void {
  const client = new BrowserClient({
    dsn,
    environment,
    tracesSampleRate: 1,
    maxBreadcrumbs: 50,
    transport: makeFetchTransport,
    stackParser: defaultStackParser,
    integrations: [
      // Uncaught errors and unhandled rejections, with what led up to them.
      globalHandlersIntegration(),
      breadcrumbsIntegration(),
      linkedErrorsIntegration(),
      dedupeIntegration(),
      browserTracingIntegration(),
    ],
  });
  setCurrentClient(client);
  client.init();
}

export { captureException };
