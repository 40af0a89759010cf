/**
 * Client accounts (spec sections 6 and 7):
 *   GET  /api/client         the signed-in client, or null for an anonymous visitor
 *   POST /api/client/login   e-mail + password → session cookie + client
 *   POST /api/client         one-time sign-in token → session cookie + client
 *   POST /api/client/logout  ends the session
 * Every answer here is about one person: never cached by anyone but that browser.
 */
import type { FastifyReply } from 'fastify';
import { clientResponseSchema, loginRequestSchema, tokenSignInRequestSchema } from '../../../src/domain/contracts/client.schema.ts';
import { okSchema, refusalResponses } from '../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../plugins/zod-type-provider.ts';
import { createClientService, type StartedSession } from './client.service.ts';
import { TooManyAttemptsError } from './login-throttle.ts';
import { sessionCookieOptions, setSessionCookie as setCookie } from './session-cookie.ts';
import { SESSION_COOKIE } from './session-token.ts';

export const clientRoutes: ZodRoutes = async (app) => {
  const service = createClientService({ db: app.db, clock: app.clock, config: app.config });
  const cookieOptions = sessionCookieOptions(app.config);
  const setSessionCookie = (reply: FastifyReply, session: StartedSession) => setCookie(reply, session, app.config);

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get('/client', { schema: { response: { 200: clientResponseSchema, ...refusalResponses } } }, async (request, reply) => {
    const client = request.clientId === null ? null : await service.getClient(request.clientId, request.requestedLanguage);
    // An anonymous visitor is not an error: 200 with a JSON null.
    return reply.type('application/json; charset=utf-8').send(client);
  });

  app.post('/client/login', { schema: { body: loginRequestSchema, response: { 200: clientResponseSchema, ...refusalResponses } } }, async (request, reply) => {
    const { email, password } = request.body;
    const session = await service.login({ email, password, ip: request.ip }).catch((error: unknown) => {
      if (error instanceof TooManyAttemptsError) reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    });
    setSessionCookie(reply, session);
    return service.getClient(session.clientId, request.requestedLanguage);
  });

  app.post('/client', { schema: { body: tokenSignInRequestSchema, response: { 200: clientResponseSchema, ...refusalResponses } } }, async (request, reply) => {
    const { token } = request.body;
    const session = await service.signInWithToken(token);
    setSessionCookie(reply, session);
    return service.getClient(session.clientId, request.requestedLanguage);
  });

  app.post('/client/logout', { schema: { response: { 200: okSchema, ...refusalResponses } } }, async (request, reply) => {
    await service.logout(request.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, cookieOptions);
    return { ok: true } as const;
  });
};
