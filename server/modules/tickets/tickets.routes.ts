/**
 * GET  /api/orders/{hash}/details  a paid order with its e-tickets (QR codes as SVG); 404 otherwise.
 * POST /api/tickets/verify         a gate's check-in of a scanned code: valid (checked in now),
 *                                  already_used, or unknown. Slowed per address.
 */
import type { FastifyPluginAsync, RawServerDefault } from 'fastify';
import { z } from 'zod';
import { paidOrderSchema, ticketVerifyRequestSchema, ticketVerifyResponseSchema } from '../../../src/domain/contracts/paid-order.schema.ts';
import { refusalResponses } from '../../plugins/error-handler.ts';
import type { ZodTypeProvider } from '../../plugins/zod-type-provider.ts';
import type { RateLimiter, RateRule } from '../../security/rate-limiter.ts';
import type { TicketService } from './tickets.service.ts';

const hashParams = z.object({ hash: z.string().max(200) });
const VERIFY_PER_ADDRESS: RateRule = { name: 'ticket-verify:address', limit: 600, windowSeconds: 60 };

export const ticketRoutes: FastifyPluginAsync<{ tickets: TicketService; rateLimiter: Pick<RateLimiter, 'take'> }, RawServerDefault, ZodTypeProvider> = async (
  app,
  { tickets, rateLimiter },
) => {
  app.get('/orders/:hash/details', { schema: { params: hashParams, response: { 200: paidOrderSchema, ...refusalResponses } } }, async (request, reply) => {
    return reply.header('cache-control', 'private, no-store').send(await tickets.paidOrder(request.params.hash.toLowerCase(), request.requestedLanguage));
  });

  app.post(
    '/tickets/verify',
    { schema: { body: ticketVerifyRequestSchema, response: { 200: ticketVerifyResponseSchema, ...refusalResponses } } },
    async (request, reply) => {
      await rateLimiter.take({ rule: VERIFY_PER_ADDRESS, subject: request.ip });
      return reply.header('cache-control', 'no-store').send(await tickets.verify(request.body.code));
    },
  );
};
