/**
 * GET  /api/orders/{hash}/details  a paid order with its e-tickets (QR codes as SVG); 404 otherwise.
 * POST /api/tickets/verify         a gate's check-in of a scanned code: valid (checked in now),
 *                                  already_used, wrong_day, wrong_product (when the body names
 *                                  the gate's products), or unknown. Slowed per address; only for operators
 *                                  (Authorization: Bearer CHECKIN_TOKEN): 401 CHECKIN_UNAUTHORIZED
 *                                  without it, 403 CHECKIN_DISABLED while no token is configured.
 * The order's PDF tickets and wallet passes: ticket-documents.routes.ts, registered here.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, RawServerDefault } from 'fastify';
import { z } from 'zod';
import { paidOrderSchema, ticketVerifyRequestSchema, ticketVerifyResponseSchema } from '#domain/contracts/paid-order.schema.ts';
import { refusalResponses } from '../../plugins/error-handler.ts';
import type { ZodTypeProvider } from '../../plugins/zod-type-provider.ts';
import { AppError } from '../../errors.ts';
import type { RateLimiter, RateRule } from '../../security/rate-limiter.ts';
import type { TicketService } from './tickets.service.ts';
import type { TicketDocuments } from './ticket-documents.service.ts';
import { ticketDocumentRoutes } from './ticket-documents.routes.ts';
import { access } from '../../openapi/api-description.ts';

const hashParams = z.object({ hash: z.string().max(200) });
const VERIFY_PER_ADDRESS: RateRule = { name: 'ticket-verify:address', limit: 600, windowSeconds: 60 };

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries the operators' token (compared in constant time). */
function isOperator(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match !== null && timingSafeEqual(digest(match[1] as string), digest(token));
}

export interface TicketRoutesOptions {
  tickets: TicketService;
  /** The PDF and the wallet passes (ticket-documents.routes.ts). */
  ticketDocuments: TicketDocuments;
  rateLimiter: Pick<RateLimiter, 'take'>;
  /** CHECKIN_TOKEN; null: check-in is off. */
  checkinToken: string | null;
}

export const ticketRoutes: FastifyPluginAsync<TicketRoutesOptions, RawServerDefault, ZodTypeProvider> = async (
  app,
  { tickets, ticketDocuments, rateLimiter, checkinToken },
) => {
  await app.register(ticketDocumentRoutes, { ticketDocuments });
  app.get(
    '/orders/:hash/details',
    {
      schema: {
        operationId: 'getPaidOrder',
        summary: 'A paid order with its e-tickets',
        tags: ['tickets'],
        security: access.public,
        params: hashParams,
        response: { 200: paidOrderSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      return reply.header('cache-control', 'private, no-store').send(await tickets.paidOrder(request.params.hash.toLowerCase(), request.requestedLanguage));
    },
  );

  app.post(
    '/tickets/verify',
    {
      schema: {
        operationId: 'verifyTicket',
        summary: 'Check in a scanned ticket at a gate',
        tags: ['tickets'],
        security: access.checkinToken,
        body: ticketVerifyRequestSchema,
        response: { 200: ticketVerifyResponseSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      // Counted first: guessing the token is slowed like guessing codes.
      await rateLimiter.take({ rule: VERIFY_PER_ADDRESS, subject: request.ip });
      if (checkinToken === null) throw new AppError('CHECKIN_DISABLED', 403, 'Check-in is off: the shop has no CHECKIN_TOKEN');
      if (!isOperator(request.headers.authorization, checkinToken)) {
        reply.header('www-authenticate', 'Bearer');
        throw new AppError('CHECKIN_UNAUTHORIZED', 401, 'Check-in needs the operators’ token (Authorization: Bearer …)');
      }
      return reply.header('cache-control', 'no-store').send(await tickets.verify(request.body.code, request.body.products));
    },
  );
};
