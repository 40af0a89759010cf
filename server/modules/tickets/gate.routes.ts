/**
 * The gate for people (back office, gate role and up; the bearer-token /api/tickets/verify stays for machines):
 * POST /gate/scan           verify a scanned code (Ed25519) and check it in once
 * POST /gate/sync           an offline scanner's queued scans, each with its scan time (first-wins by scan time)
 * POST /gate/check-in       manual check-in of a ticket found by lookup
 * GET  /gate/day            the day's tickets and the public key: what the scanner keeps for offline use
 * GET  /gate/lookup         tickets by exact order number or ticket code
 * Every check-in goes through the tickets service's one check-in.
 *
 * Least privilege (issue 37): a gate account hears a visitor's first name only, and its day list
 * carries no names; staff who see orders anyway (STAFF_ACCESS.orders) hear the full name. Lookups
 * and check-ins by hand are limited per account (abuse-limits.ts RULES.gateLookupsPerAccount).
 */
import { z } from 'zod';
import {
  gateCheckInTicketRequestSchema,
  gateDaySchema,
  gateLookupQuerySchema,
  gateLookupSchema,
  gateScanRequestSchema,
  gateScanSchema,
  gateSyncRequestSchema,
  gateSyncResponseSchema,
} from '#domain/contracts/gate.schema.ts';
import { calendarDate } from '#domain/contracts/calendar-date.ts';
import { roleAllows, STAFF_ACCESS, type StaffRole } from '#domain/backoffice/staff-roles.ts';
import { RULES } from '../../security/abuse-limits.ts';
import { access } from '../../openapi/api-description.ts';
import { refusalResponses } from '../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../plugins/zod-type-provider.ts';
import type { GateNames } from './tickets.service.ts';

const dayQuery = z.object({ date: calendarDate.optional() });

/** Staff who see orders hear a visitor's full name; a gate account the first name (and, in a day list, none). */
const namesFor = (role: StaffRole, list = false): GateNames => (roleAllows(STAFF_ACCESS.orders, role) ? 'full' : list ? 'none' : 'first');

export const gateRoutes: ZodRoutes = async (app) => {
  const tickets = app.services.tickets;
  const config = { staffRoles: STAFF_ACCESS.checkin };
  const byHand = (staffId: number) => app.services.rateLimiter.take({ rule: RULES.gateLookupsPerAccount, subject: String(staffId) });

  app.post(
    '/gate/scan',
    {
      config,
      schema: {
        operationId: 'gateScan',
        summary: 'Verify a scanned e-ticket and check it in once',
        tags: ['backoffice'],
        security: access.staff,
        body: gateScanRequestSchema,
        response: { 200: gateScanSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const answer = await tickets.scan(request.body.code, {
        staffId: request.staff!.id,
        where: request.body.where ?? 'gate',
        names: namesFor(request.staff!.role),
      });
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );

  app.post(
    '/gate/sync',
    {
      config,
      schema: {
        operationId: 'gateSync',
        summary: 'Check in the scans an offline scanner queued (earliest scan wins)',
        tags: ['backoffice'],
        security: access.staff,
        body: gateSyncRequestSchema,
        response: { 200: gateSyncResponseSchema, ...refusalResponses },
      },
    },
    async (request) => ({
      results: await tickets.syncScans(request.body.scans, {
        staffId: request.staff!.id,
        where: request.body.where ?? 'gate',
        names: namesFor(request.staff!.role),
      }),
    }),
  );

  app.post(
    '/gate/check-in',
    {
      config,
      schema: {
        operationId: 'gateCheckInTicket',
        summary: 'Check in a ticket found by manual lookup',
        tags: ['backoffice'],
        security: access.staff,
        body: gateCheckInTicketRequestSchema,
        response: { 200: gateScanSchema, ...refusalResponses },
      },
    },
    async (request) => {
      await byHand(request.staff!.id);
      return tickets.checkInTicket(request.body.ticket_id, {
        staffId: request.staff!.id,
        where: request.body.where ?? 'gate',
        names: namesFor(request.staff!.role),
      });
    },
  );

  app.get(
    '/gate/day',
    {
      config,
      schema: {
        operationId: 'gateDay',
        summary: 'The day’s tickets and the public key, for scanning offline',
        tags: ['backoffice'],
        security: access.staff,
        querystring: dayQuery,
        response: { 200: gateDaySchema, ...refusalResponses },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'private, no-store').send(await tickets.gateDay(request.query.date, namesFor(request.staff!.role, true))),
  );

  app.get(
    '/gate/lookup',
    {
      config,
      schema: {
        operationId: 'gateLookup',
        summary: 'Find tickets by exact order number or ticket code',
        tags: ['backoffice'],
        security: access.staff,
        querystring: gateLookupQuerySchema,
        response: { 200: gateLookupSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      await byHand(request.staff!.id);
      const found = await tickets.lookup(request.query.q, request.query.date, namesFor(request.staff!.role));
      return reply.header('cache-control', 'private, no-store').send({ tickets: found });
    },
  );
};
