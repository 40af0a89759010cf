/**
 * Back-office sign-in (registered inside the `/api/backoffice` scope, after the staff guard):
 *   POST   /api/backoffice/session    e-mail + password (+ TOTP) → staff cookie + CSRF token
 *   DELETE /api/backoffice/session    signs out (ends this session)
 *   GET    /api/backoffice/me         the signed-in staff member and the session's CSRF token
 *   POST   /api/backoffice/password   a set-password link's token + a new password → signed in
 */
import type { FastifyReply } from 'fastify';
import { staffSessionSchema, staffSetPasswordRequestSchema, staffSignInRequestSchema } from '#domain/backoffice/staff.schema.ts';
import { STAFF_ACCESS } from '#domain/backoffice/staff-roles.ts';
import { access } from '../../openapi/api-description.ts';
import { okSchema, refusalResponses } from '../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../plugins/zod-type-provider.ts';
import type { StartedStaffSession } from './staff.service.ts';
import { STAFF_COOKIE, STAFF_COOKIE_PATH } from './staff-token.ts';

export const staffCookieOptions = (secure: boolean) => ({ httpOnly: true, sameSite: 'strict', path: STAFF_COOKIE_PATH, secure }) as const;

function sessionBody(session: StartedStaffSession) {
  return { staff: session.staff, csrf_token: session.csrfToken, expires_at: session.expiresAt.toISOString() };
}

export const staffRoutes: ZodRoutes = async (app) => {
  const service = app.services.staff;
  const cookie = staffCookieOptions(app.config.secureCookies);
  const setCookie = (reply: FastifyReply, session: StartedStaffSession) =>
    reply.setCookie(STAFF_COOKIE, session.token, { ...cookie, expires: session.expiresAt });

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.post(
    '/session',
    {
      config: { staffPublic: true },
      schema: {
        operationId: 'staffSignIn',
        summary: 'Back-office sign-in: sets the staff session cookie and answers the CSRF token',
        tags: ['backoffice'],
        security: access.public,
        body: staffSignInRequestSchema,
        response: { 200: staffSessionSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const { email, password, totp } = request.body;
      const session = await service.signIn({ email, password, totp, ip: request.ip }).catch((error: unknown) => {
        const retry = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
        if (typeof retry === 'number') reply.header('retry-after', String(retry));
        throw error;
      });
      setCookie(reply, session);
      return sessionBody(session);
    },
  );

  app.delete(
    '/session',
    {
      config: { staffRoles: STAFF_ACCESS.anyStaff },
      schema: {
        operationId: 'staffSignOut',
        summary: 'Back-office sign-out: ends this staff session',
        tags: ['backoffice'],
        security: access.staff,
        response: { 200: okSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      await service.signOut(request.staff!.sessionToken);
      reply.clearCookie(STAFF_COOKIE, cookie);
      return { ok: true as const };
    },
  );

  app.get(
    '/me',
    {
      config: { staffRoles: STAFF_ACCESS.anyStaff },
      schema: {
        operationId: 'getStaffMe',
        summary: 'The signed-in staff member and the CSRF token of the session',
        tags: ['backoffice'],
        security: access.staff,
        response: { 200: staffSessionSchema, ...refusalResponses },
      },
    },
    async (request) => {
      const { id, email, name, role, csrfToken, expiresAt } = request.staff!;
      return { staff: { id, email, name, role }, csrf_token: csrfToken, expires_at: expiresAt.toISOString() };
    },
  );

  app.post(
    '/password',
    {
      config: { staffPublic: true },
      schema: {
        operationId: 'staffSetPassword',
        summary: 'Sets a password through a one-time set-password link and signs the staff member in',
        tags: ['backoffice'],
        security: access.public,
        body: staffSetPasswordRequestSchema,
        response: { 200: staffSessionSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const session = await service.setPassword(request.body.token, request.body.password);
      setCookie(reply, session);
      return sessionBody(session);
    },
  );
};
