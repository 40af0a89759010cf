/**
 * Who is signed in: `request.clientId` is the client of the `shop_session` cookie, or null.
 *
 * Resolved once per request in an onRequest hook, but only for /api requests that carry the
 * cookie: anonymous visitors and static files cost no query, a signed-in API request costs one
 * primary-key lookup. Sessions live in the database (by the SHA-256 of the token), so every API
 * process sharing it knows every session. Sessions are written by client.service.ts.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hashToken, SESSION_COOKIE } from './session-token.ts';
import { findSessionClientId } from './session.repo.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in client, or null for an anonymous visitor (or an expired or unknown cookie). */
    clientId: number | null;
  }
}

// Far longer than any real token; anything longer is not worth hashing.
const MAX_TOKEN_LENGTH = 200;

async function session(app: FastifyInstance) {
  app.decorateRequest('clientId', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > MAX_TOKEN_LENGTH) return;
    request.clientId = await findSessionClientId(app.db, hashToken(token), app.clock.now());
  });
}

export const sessionPlugin = fp(session, { name: 'session', dependencies: ['@fastify/cookie'] });
