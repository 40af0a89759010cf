/** GET /api/reservation/{hash}: a RESERVED order for the reservation page; 404 otherwise. */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { createReservationService } from './reservation.service.ts';

const params = z.object({ hash: z.string().max(200) });

export const reservationRoutes: FastifyPluginAsync = async (app) => {
  const service = createReservationService({ db: app.db, clock: app.clock });

  app.get('/reservation/:hash', { schema: { params } }, async (request, reply) => {
    const { hash } = request.params as z.infer<typeof params>;
    return reply.header('cache-control', 'private, no-store').send(await service.find(hash, request.requestedLanguage));
  });
};
