/**
 * Security headers on every answer: the Content-Security-Policy (server/security/content-security-policy.ts),
 * X-Content-Type-Options, Referrer-Policy, a Permissions-Policy that turns off what the shop never
 * uses (the back office's pages may use the camera, for the gate scanner, on their own origin only), and, when the shop runs behind HTTPS (SECURE_COOKIES), Strict-Transport-Security. The
 * policy is built once per process: it depends on the configuration only. Every answer keeps the
 * policy's frame-ancestors (FRAME_ANCESTORS): no page of the shop may be framed by a site outside it
 * (embed.js says "cannot be shown here" on such a site in the site's own page).
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
  const backoffice = { ...headers, 'permissions-policy': 'camera=(self), microphone=(), geolocation=()' };
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0];
    reply.headers(path === '/backoffice' || path?.startsWith('/backoffice/') ? backoffice : headers);
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
