/**
 * Owners only (STAFF_ACCESS.owner), under /api/backoffice:
 *   GET   /staff                      every staff account
 *   POST  /staff                      invite: account + set-password link mailed
 *   PATCH /staff/{id}                 role and/or disabled
 *   POST  /staff/{id}/revoke-sessions ends every session of the member
 *   POST  /staff/{id}/send-link       mails a new set-password link
 *   GET   /staff/{id}/sessions        the member's live sessions with their devices
 *   DELETE /staff/{id}/sessions/{sessionId}  ends one of them (audited)
 *   GET   /audit                      the audit log, filtered (who, entity, action, dates) and paged, each row with
 *                                     the names and values its sentence needs (audit-reading.ts)
 */
import { auditPageSchema, auditQuerySchema } from '#domain/backoffice/audit-log.schema.ts';
import {
  staffIdParamsSchema,
  staffInviteRequestSchema,
  staffListEntrySchema,
  staffMemberSchema,
  staffMemberSessionParamsSchema,
  staffSessionEntrySchema,
  staffUpdateRequestSchema,
  totpCodeRequestSchema,
  totpConfirmedSchema,
  totpEnrolmentSchema,
  totpProofRequestSchema,
} from '#domain/backoffice/staff.schema.ts';
import { STAFF_ACCESS } from '#domain/backoffice/staff-roles.ts';
import { normaliseLanguage } from '#domain/languages.ts';
import { z } from 'zod';
import { access } from '../../openapi/api-description.ts';
import { okSchema, refusalResponses } from '../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../plugins/zod-type-provider.ts';

const DAY_MS = 86_400_000;
const owners = { staffRoles: STAFF_ACCESS.owner };
const tags: ['backoffice'] = ['backoffice'];

export const staffAdminRoutes: ZodRoutes = async (app) => {
  const service = app.services.staffAdmin;
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/staff',
    {
      config: owners,
      schema: {
        operationId: 'listStaff',
        summary: 'Every staff account',
        tags,
        security: access.staff,
        response: { 200: z.array(staffListEntrySchema), ...refusalResponses },
      },
    },
    async () =>
      (await service.list()).map((row) => ({
        id: row.id,
        email: row.email,
        name: row.name,
        role: row.role,
        disabled: row.disabledAt !== null,
        has_password: row.hasPassword,
        has_totp: row.hasTotp,
        sessions: row.sessions,
        created_at: row.createdAt.toISOString(),
      })),
  );

  app.post(
    '/staff',
    {
      config: owners,
      schema: {
        operationId: 'inviteStaff',
        summary: 'Invites a staff member: the account and a one-time set-password link mailed to them',
        tags,
        security: access.staff,
        body: staffInviteRequestSchema,
        response: { 201: staffMemberSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const created = await service.invite(request.body, request.staff!.id);
      return reply.status(201).send(created);
    },
  );

  app.patch(
    '/staff/:id',
    {
      config: owners,
      schema: {
        operationId: 'updateStaff',
        summary: 'Changes a staff member’s role or disables / enables the account (their sessions end)',
        tags,
        security: access.staff,
        params: staffIdParamsSchema,
        body: staffUpdateRequestSchema,
        response: { 200: staffMemberSchema.extend({ disabled: z.boolean() }), ...refusalResponses },
      },
    },
    async (request) => service.update(request.params.id, request.body, request.staff!.id),
  );

  app.post(
    '/staff/:id/revoke-sessions',
    {
      config: owners,
      schema: {
        operationId: 'revokeStaffSessions',
        summary: 'Ends every session of a staff member',
        tags,
        security: access.staff,
        params: staffIdParamsSchema,
        response: { 200: okSchema, ...refusalResponses },
      },
    },
    async (request) => {
      await service.revokeSessions(request.params.id, request.staff!.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/staff/:id/send-link',
    {
      config: owners,
      schema: {
        operationId: 'sendStaffPasswordLink',
        summary: 'Mails a staff member a new one-time set-password link',
        tags,
        security: access.staff,
        params: staffIdParamsSchema,
        response: { 200: okSchema, ...refusalResponses },
      },
    },
    async (request) => {
      await service.resendLink(request.params.id, normaliseLanguage(request.headers['accept-language']) ?? 'en', request.staff!.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/staff/:id/sessions',
    {
      config: owners,
      schema: {
        operationId: 'listStaffSessions',
        summary: 'A staff member’s live sessions, newest first, with their devices',
        tags,
        security: access.staff,
        params: staffIdParamsSchema,
        response: { 200: z.array(staffSessionEntrySchema), ...refusalResponses },
      },
    },
    async (request) =>
      (await app.services.staff.listSessions(request.params.id)).map((entry) => ({ ...entry, current: entry.id === request.staff!.sessionId })),
  );

  app.delete(
    '/staff/:id/sessions/:sessionId',
    {
      config: owners,
      schema: {
        operationId: 'endStaffSession',
        summary: 'Ends one session of a staff member (audited)',
        tags,
        security: access.staff,
        params: staffMemberSessionParamsSchema,
        response: { 200: okSchema, ...refusalResponses },
      },
    },
    async (request) => {
      await app.services.staff.endSession(request.params.id, request.params.sessionId, request.staff!.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/audit',
    {
      config: owners,
      schema: {
        operationId: 'listAuditLog',
        summary:
          'The audit log, newest first, each change with the names and values to say it in words: filter by staff member, entity, action and dates; paged',
        tags,
        security: access.staff,
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...refusalResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const { entries, total, timezone } = await service.audit(
        {
          staffId: q.staff_id,
          entity: q.entity || undefined,
          action: q.action || undefined,
          from: q.from ? new Date(`${q.from}T00:00:00Z`) : undefined,
          until: q.until ? new Date(new Date(`${q.until}T00:00:00Z`).getTime() + DAY_MS) : undefined,
        },
        { offset: (q.page - 1) * q.page_size, limit: q.page_size },
        request.requestedLanguage,
      );
      return { entries, total, page: q.page, page_size: q.page_size, timezone };
    },
  );

  const totp = app.services.staffTotp;
  const totpRoles = { staffRoles: STAFF_ACCESS.catalogue };

  app.post(
    '/me/totp',
    {
      config: totpRoles,
      schema: {
        operationId: 'beginStaffTotp',
        summary:
          'Starts enrolling an authenticator app: a new secret and its QR code (on after confirming); replacing one that is on needs a current code or a recovery code',
        tags,
        security: access.staff,
        body: totpProofRequestSchema.optional(),
        response: { 200: totpEnrolmentSchema, ...refusalResponses },
      },
    },
    async (request) => totp.begin(request.staff!, { totp: request.body?.code, recoveryCode: request.body?.recovery_code }),
  );

  app.post(
    '/me/totp/confirm',
    {
      config: totpRoles,
      schema: {
        operationId: 'confirmStaffTotp',
        summary: 'Confirms the authenticator app with a first code: sign-in asks for a code from now on; answers the recovery codes, once',
        tags,
        security: access.staff,
        body: totpCodeRequestSchema,
        response: { 200: totpConfirmedSchema, ...refusalResponses },
      },
    },
    async (request) => ({ ok: true as const, recovery_codes: await totp.confirm(request.staff!.id, request.body.code) }),
  );

  app.post(
    '/me/totp/disable',
    {
      config: totpRoles,
      schema: {
        operationId: 'disableStaffTotp',
        summary: 'Switches the authenticator app off (needs a current code or a recovery code)',
        tags,
        security: access.staff,
        body: totpProofRequestSchema,
        response: { 200: okSchema, ...refusalResponses },
      },
    },
    async (request) => {
      await totp.disable(request.staff!.id, { totp: request.body.code, recoveryCode: request.body.recovery_code });
      return { ok: true as const };
    },
  );
};
