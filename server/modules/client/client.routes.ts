/**
 * Client accounts (spec sections 6 and 7):
 *   GET  /api/client         the signed-in client, or null for an anonymous visitor
 *   POST /api/client/login   e-mail + password → session cookie + client
 *   POST /api/client         one-time sign-in token → session cookie + client
 *   POST /api/client/logout  ends the session
 *   POST /api/client/logout-everywhere  ends every session of the signed-in client
 *   POST /api/client/password  a new password; every session ends and this browser gets a new one
 * Every answer here is about one person: never cached by anyone but that browser.
 */
import type { FastifyReply } from 'fastify';
import { clientResponseSchema, loginRequestSchema, passwordChangeRequestSchema, tokenSignInRequestSchema } from '#domain/contracts/client.schema.ts';
import { AppError } from '../../errors.ts';
import { okSchema, refusalResponses } from '../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../plugins/zod-type-provider.ts';
import type { StartedSession } from './client.service.ts';
import { TooManyAttemptsError } from './login-throttle.ts';
import { DEVICE_COOKIE, sessionCookieOptions, setDeviceCookie, setSessionCookie as setCookie } from './session-cookie.ts';
import { SESSION_COOKIE } from './session-token.ts';
import { access } from '../../openapi/api-description.ts';

export const clientRoutes: ZodRoutes = async (app) => {
  const service = app.services.sessions;
  const cookieOptions = sessionCookieOptions(app.config);
  const setSessionCookie = (reply: FastifyReply, session: StartedSession) => setCookie(reply, session, app.config);

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/client',
    {
      schema: {
        operationId: 'getClient',
        summary: 'The signed-in client, or null for an anonymous visitor',
        tags: ['client'],
        security: access.sessionOptional,
        response: { 200: clientResponseSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const client = request.clientId === null ? null : await service.getClient(request.clientId, request.requestedLanguage);
      // An anonymous visitor is not an error: 200 with a JSON null.
      return reply.type('application/json; charset=utf-8').send(client);
    },
  );

  app.post(
    '/client/login',
    {
      schema: {
        operationId: 'logIn',
        summary: 'Sign in with e-mail and password: sets the session cookie',
        tags: ['client'],
        security: access.public,
        body: loginRequestSchema,
        response: { 200: clientResponseSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const { email, password, captcha } = request.body;
      const device = request.cookies[DEVICE_COOKIE];
      const session = await service.login({ email, password, captcha, ip: request.ip, device }).catch((error: unknown) => {
        if (error instanceof TooManyAttemptsError) reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      });
      setSessionCookie(reply, session);
      setDeviceCookie(reply, session.deviceToken, app.config);
      return service.getClient(session.clientId, request.requestedLanguage);
    },
  );

  app.post(
    '/client',
    {
      schema: {
        operationId: 'signInWithToken',
        summary: 'Sign in with a one-time token from an e-mail: sets the session cookie',
        tags: ['client'],
        security: access.public,
        body: tokenSignInRequestSchema,
        response: { 200: clientResponseSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const { token } = request.body;
      const session = await service.signInWithToken(token);
      setSessionCookie(reply, session);
      return service.getClient(session.clientId, request.requestedLanguage);
    },
  );

  app.post(
    '/client/logout-everywhere',
    {
      schema: {
        operationId: 'logOutEverywhere',
        summary: 'End every session of the signed-in client',
        tags: ['client'],
        security: access.session,
        response: { 200: okSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      if (request.clientId === null) throw new AppError('LOGIN_REQUIRED', 401, 'Please sign in first');
      await service.logoutEverywhere(request.clientId);
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
      return { ok: true } as const;
    },
  );

  app.post(
    '/client/password',
    {
      schema: {
        operationId: 'changePassword',
        summary: 'Change the password: other sessions end, this one is renewed',
        tags: ['client'],
        security: access.session,
        body: passwordChangeRequestSchema,
        response: { 200: okSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      if (request.clientId === null) throw new AppError('LOGIN_REQUIRED', 401, 'Please sign in first');
      const { current_password: currentPassword, password } = request.body;
      // A refusal's Retry-After is set by the error handler.
      const device = request.cookies[DEVICE_COOKIE];
      const session = await service.changePassword(request.clientId, { currentPassword, password, ip: request.ip, device });
      setSessionCookie(reply, session);
      return { ok: true } as const;
    },
  );

  app.post(
    '/client/logout',
    {
      schema: {
        operationId: 'logOut',
        summary: "End this browser's session, if any",
        tags: ['client'],
        security: access.sessionOptional,
        response: { 200: okSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      await service.logout(request.cookies[SESSION_COOKIE]);
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
      return { ok: true } as const;
    },
  );
};
