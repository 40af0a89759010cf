/**
 * Builds the shop API (and, when a built storefront exists, the site) without listening,
 * so tests drive it through `app.inject()` and main.ts decides how to serve it.
 */
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { systemClock, type Clock } from './clock.ts';
import { composeServices, type Services } from './composition-root.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { catalogueAdminRoutes, catalogueRoutes, mediaRoutes } from './modules/catalogue/index.ts';
import { checkoutRoutes, rebookRoutes } from './modules/checkout/index.ts';
import { accountRoutes, clientRoutes, sessionPlugin } from './modules/client/index.ts';
import { staffAdminRoutes, staffGuardPlugin, staffRoutes } from './modules/staff/index.ts';
import { safeRequestLog } from './lib/log-redaction.ts';
import { scheduleRoutes } from './modules/schedules/index.ts';
import { couponAdminRoutes, couponRoutes } from './modules/coupons/index.ts';
import { faqAdminRoutes, faqRoutes } from './modules/faq/index.ts';
import { embedRoutes } from './modules/embed/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { organisationAdminRoutes, organisationRoutes, taxRuleAdminRoutes } from './modules/organisation/index.ts';
import { refundRequestRoutes } from './modules/refund-requests/index.ts';
import { orderDeskRoutes } from './modules/order-desk/index.ts';
import { gateRoutes, ticketRoutes } from './modules/tickets/index.ts';
import { reportRoutes } from './modules/reports/index.ts';
import { documentAdminRoutes, documentRoutes } from './modules/documents/index.ts';
import { reservationRoutes } from './modules/reservations/index.ts';
import { voucherAdminRoutes, voucherOrderRoutes } from './modules/vouchers/index.ts';
import { waitlistRoutes, waitlistStaffRoutes } from './modules/waitlist/index.ts';
import openApi from './openapi/openapi.routes.ts';
import { subscriptionAdminRoutes, subscriptionOrderRoutes } from './modules/subscriptions/index.ts';
import { paymentGatewayRoutes } from './payments/gateway-registry.ts';
import errorHandler, { answerClientError, answerFrameworkError } from './plugins/error-handler.ts';
import hostileInput from './plugins/hostile-input.ts';
import idempotency from './plugins/idempotency.ts';
import language from './plugins/language.ts';
import privateAnswers from './lib/private-answers.ts';
import securityHeaders from './plugins/security-headers.ts';
import sameOrigin from './plugins/same-origin.ts';
import staticSite from './plugins/static-site.ts';
import zodTypeProvider from './plugins/zod-type-provider.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: Config;
    clock: Clock;
    /** The services wired by the composition root (main.ts starts the workers from them). */
    services: Services;
  }
}

export interface AppOptions {
  db: Database;
  config: Config;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
}

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export async function buildApp({ db, config, clock = systemClock, logger = false }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Request lines never carry a link's token (server/lib/log-redaction.ts).
    logger: typeof logger === 'object' && logger !== null ? { ...logger, serializers: { req: safeRequestLog as never, ...logger.serializers } } : logger,
    // A hop count believes that many X-Forwarded-For entries from the right; a list, those proxies.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // A slow or huge request holds a connection and memory for a bounded time only (config.http).
    bodyLimit: config.http.bodyLimitBytes,
    requestTimeout: config.http.requestTimeoutMs,
    connectionTimeout: config.http.connectionTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    // Node looks for requests past their timeout this often (30 s by default: a 1 s timeout would wait 30), and
    // enforces a request timeout only while the headers' own (60 s by default) is not longer.
    http: {
      connectionsCheckingInterval: Math.min(1000, config.http.requestTimeoutMs),
      headersTimeout: Math.min(60_000, config.http.requestTimeoutMs),
      requestTimeout: config.http.requestTimeoutMs,
    },
    // maxParamLength: a typed gift card code of any length is answered like an unknown one (not 414).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2000 },
    // The HTTP layer's refusals in the shop's `{ ok: false, error }` shape, never Fastify's own.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('clock', clock);
  const services = composeServices({ db, config, clock, logger: app.log });
  app.decorate('services', services);

  // JSON answers compressed when the client accepts it; below 1 KiB the headers would cost more than
  // it saves. The catalogue's answers (the 60-day plots list is ~130 kB) come compressed already, kept
  // with their cached form (lib/serialized-answers.ts), and the site's assets precompressed
  // (static-site.ts): neither is compressed again.
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(errorHandler);
  await app.register(securityHeaders, { config });
  await app.register(privateAnswers);
  // Before the session is looked up: a foreign site's state-changing call is refused first.
  await app.register(sameOrigin, { config });
  await app.register(hostileInput);
  await app.register(zodTypeProvider, { checkResponses: config.checkResponses });
  // Before the routes: it documents each one as it is added.
  await app.register(openApi);
  await app.register(language);
  await app.register(fastifyCookie);
  await app.register(sessionPlugin);
  // Before the routes: it adds its hooks to the routes that opt in as they are declared.
  await app.register(idempotency);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(organisationRoutes);
      await api.register(embedRoutes);
      await api.register(catalogueRoutes);
      await api.register(faqRoutes);
      await api.register(refundRequestRoutes);
      await api.register(clientRoutes);
      await api.register(accountRoutes);
      await api.register(checkoutRoutes, services);
      await api.register(voucherOrderRoutes, services);
      await api.register(subscriptionOrderRoutes, services);
      await api.register(couponRoutes);
      await api.register(reservationRoutes, services);
      await api.register(rebookRoutes, services);
      await api.register(waitlistRoutes, services);
      await api.register(ticketRoutes, { ...services, checkinToken: config.checkinToken });
      await api.register(documentRoutes);
      // A gateway's own routes (test pages, provider webhooks) exist only while it is the configured one.
      const gatewayRoutes = paymentGatewayRoutes(config, services.settlement);
      if (gatewayRoutes) await api.register(gatewayRoutes);
    },
    { prefix: '/api' },
  );

  // The back office's API: every route declares its staff roles (config.staffRoles) or registration
  // fails; the guard checks session, role and CSRF (server/modules/staff/staff-guard.ts, docs/backoffice.md).
  await app.register(
    async (backoffice) => {
      await backoffice.register(staffGuardPlugin, { idleMinutes: config.staffSessions.idleMinutes });
      await backoffice.register(staffRoutes);
      await backoffice.register(scheduleRoutes);
      await backoffice.register(staffAdminRoutes);
      await backoffice.register(gateRoutes);
      await backoffice.register(reportRoutes);
      // Back-office route plugins of other modules: one `await backoffice.register(xRoutes);` line each.
      await backoffice.register(orderDeskRoutes);
      await backoffice.register(catalogueAdminRoutes);
      await backoffice.register(couponAdminRoutes);
      await backoffice.register(subscriptionAdminRoutes);
      await backoffice.register(voucherAdminRoutes);
      await backoffice.register(waitlistStaffRoutes);
      await backoffice.register(organisationAdminRoutes);
      await backoffice.register(faqAdminRoutes);
      await backoffice.register(documentAdminRoutes);
      await backoffice.register(taxRuleAdminRoutes);
    },
    { prefix: '/api/backoffice' },
  );

  // Uploaded catalogue images (back office), immutable by name.
  await app.register(mediaRoutes);
  await app.register(staticSite, { root: config.staticDir });
  return app;
}
