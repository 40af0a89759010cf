/**
 * The waiting list of sold-out slots:
 * POST /api/waitlist              join a slot's list (201 with the position); 409 WAITLIST_PLACES_FREE
 *                                 when the slot has room, PLOT_NOT_AVAILABLE when it started or is
 *                                 unknown, WAITLIST_ALREADY_JOINED for a second entry of one e-mail;
 *                                 429 RATE_LIMITED per e-mail and per address (the shopper-mail limits).
 * GET  /api/waitlist/holds/{token} the places a mailed link holds; 404 WAITLIST_HOLD_INVALID,
 *                                 410 WAITLIST_HOLD_USED / WAITLIST_HOLD_EXPIRED.
 * The order itself is POST /api/orders with `waitlist_hold` (the token).
 */
import type { FastifyPluginAsync, RawServerDefault } from 'fastify';
import { z } from 'zod';
import { waitlistJoinSchema, waitlistJoinedSchema, waitlistOfferSchema } from '#domain/contracts/waitlist.ts';
import { refusalResponses } from '../../plugins/error-handler.ts';
import type { ZodTypeProvider } from '../../plugins/zod-type-provider.ts';
import { access } from '../../openapi/api-description.ts';
import type { WaitlistService } from './waitlist.service.ts';

const tokenParams = z.object({ token: z.string().min(1).max(200) });

export const waitlistRoutes: FastifyPluginAsync<{ waitlist: WaitlistService }, RawServerDefault, ZodTypeProvider> = async (app, { waitlist }) => {
  app.post(
    '/waitlist',
    {
      schema: {
        operationId: 'joinWaitlist',
        summary: 'Join the waiting list of a sold-out time slot',
        tags: ['waitlist'],
        security: access.sessionOptional,
        body: waitlistJoinSchema,
        response: { 201: waitlistJoinedSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const { plot, email, quantity, language } = request.body;
      const joined = await waitlist.join({ plotId: plot, email, quantity, language, clientId: request.clientId, address: request.ip });
      return reply.status(201).header('cache-control', 'no-store').send({ ok: true, response: joined });
    },
  );

  app.get(
    '/waitlist/holds/:token',
    {
      schema: {
        operationId: 'getWaitlistHold',
        summary: 'The places a mailed waiting-list link holds',
        tags: ['waitlist'],
        security: access.public,
        params: tokenParams,
        response: { 200: waitlistOfferSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const offer = await waitlist.offer(request.params.token);
      return reply.header('cache-control', 'no-store').send({ ok: true, response: offer });
    },
  );
};
