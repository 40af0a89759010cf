/**
 * Security headers on every answer: the Content-Security-Policy (server/security/content-security-policy.ts),
 * X-Content-Type-Options, Referrer-Policy, a Permissions-Policy that turns off what the shop never
 * uses, and, when the shop runs behind HTTPS (SECURE_COOKIES), Strict-Transport-Security. The
 * policy is built once per process: it depends on the configuration only.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { contentSecurityPolicy } from '../security/content-security-policy.ts';
import { EMBED_REFUSED_PATH } from '../security/embed-origins.ts';

export const HSTS = 'max-age=31536000; includeSubDomains';

async function securityHeaders(app: FastifyInstance, { config }: { config: Config }) {
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(config),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
    'cross-origin-opener-policy': 'same-origin-allow-popups',
  };
  if (config.secureCookies) headers['strict-transport-security'] = HSTS;
  // The refusal a frame shows on a site that may not embed the shop: any site may frame that one page.
  const refusal = { ...headers, 'content-security-policy': contentSecurityPolicy({ ...config, frameAncestors: ['*'] }) };
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(request.url.split('?')[0] === EMBED_REFUSED_PATH ? refusal : headers);
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
