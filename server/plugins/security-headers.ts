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
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
