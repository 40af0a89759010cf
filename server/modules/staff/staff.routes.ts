/**
 * Back-office sign-in (registered inside the `/api/backoffice` scope, after the staff guard):
 *   POST   /api/backoffice/session    e-mail + password (+ TOTP) → staff cookie + CSRF token
 *   DELETE /api/backoffice/session    signs out (ends this session)
 *   GET    /api/backoffice/me         the signed-in staff member and the session's CSRF token
 *   POST   /api/backoffice/password   a set-password link's token + a new password → signed in
 *   GET    /api/backoffice/me/sessions          the signed-in person's live sessions with their devices
 *   DELETE /api/backoffice/me/sessions/{sessionId}  ends one of them (this one included)
 */
import type { FastifyReply } from 'fastify';
import {
  staffSessionEntrySchema,
  staffSessionParamsSchema,
  staffSessionSchema,
  staffSetPasswordRequestSchema,
  staffSignInRequestSchema,
} from '#domain/backoffice/staff.schema.ts';
import { z } from 'zod';
import { DEVICE_DAYS } from '../client/index.ts';
import { STAFF_ACCESS } from '#domain/backoffice/staff-roles.ts';
import { access } from '../../openapi/api-description.ts';
import { okSchema, refusalResponses } from '../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../plugins/zod-type-provider.ts';
import type { StartedStaffSession } from './staff.service.ts';
import { STAFF_COOKIE, STAFF_COOKIE_PATH, STAFF_DEVICE_COOKIE, STAFF_DEVICE_COOKIE_PATH } from './staff-token.ts';

export const staffCookieOptions = (secure: boolean) => ({ httpOnly: true, sameSite: 'strict', path: STAFF_COOKIE_PATH, secure }) as const;

function sessionBody(session: StartedStaffSession) {
  return { staff: session.staff, csrf_token: session.csrfToken, expires_at: session.expiresAt.toISOString() };
}

export const staffRoutes: ZodRoutes = async (app) => {
  const service = app.services.staff;
  const cookie = staffCookieOptions(app.config.secureCookies);
  const setCookie = (reply: FastifyReply, session: StartedStaffSession) => {
    reply.setCookie(STAFF_COOKIE, session.token, { ...cookie, expires: session.expiresAt });
    if (session.deviceToken !== null) {
      reply.setCookie(STAFF_DEVICE_COOKIE, session.deviceToken, { ...cookie, path: STAFF_DEVICE_COOKIE_PATH, maxAge: DEVICE_DAYS * 86_400 });
    }
  };

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
      const { email, password, totp, recovery_code: recoveryCode } = request.body;
      const device = request.cookies[STAFF_DEVICE_COOKIE];
      const userAgent = request.headers['user-agent'];
      const session = await service.signIn({ email, password, totp, recoveryCode, ip: request.ip, userAgent, device }).catch((error: unknown) => {
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
      const session = await service.setPassword(request.body.token, request.body.password, {
        userAgent: request.headers['user-agent'] ?? null,
        ip: request.ip,
      });
      setCookie(reply, session);
      return sessionBody(session);
    },
  );

  app.get(
    '/me/sessions',
    {
      config: { staffRoles: STAFF_ACCESS.anyStaff },
      schema: {
        operationId: 'listMyStaffSessions',
        summary: 'The signed-in staff member’s live sessions, newest first, with their devices',
        tags: ['backoffice'],
        security: access.staff,
        response: { 200: z.array(staffSessionEntrySchema), ...refusalResponses },
      },
    },
    async (request) => {
      const { id, sessionId } = request.staff!;
      return (await service.listSessions(id)).map((entry) => ({ ...entry, current: entry.id === sessionId }));
    },
  );

  app.delete(
    '/me/sessions/:sessionId',
    {
      config: { staffRoles: STAFF_ACCESS.anyStaff },
      schema: {
        operationId: 'endMyStaffSession',
        summary: 'Ends one of the signed-in staff member’s sessions (this one too, which signs out)',
        tags: ['backoffice'],
        security: access.staff,
        params: staffSessionParamsSchema,
        response: { 200: okSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const { id, sessionId } = request.staff!;
      await service.endSession(id, request.params.sessionId, id);
      if (request.params.sessionId === sessionId) reply.clearCookie(STAFF_COOKIE, cookie);
      return { ok: true as const };
    },
  );
};
