/** GET /api/reservation/{hash}: a RESERVED order for the reservation page; 404 otherwise. */
import { z } from 'zod';
import { reservationResponseSchema } from '../../../src/domain/contracts/reservation.schema.ts';
import { refusalResponses } from '../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../plugins/zod-type-provider.ts';
import { createReservationService } from './reservation.service.ts';

const params = z.object({ hash: z.string().max(200) });

export const reservationRoutes: ZodRoutes = async (app) => {
  const service = createReservationService({ db: app.db, clock: app.clock });

  app.get('/reservation/:hash', { schema: { params, response: { 200: reservationResponseSchema, ...refusalResponses } } }, async (request, reply) => {
    const { hash } = request.params;
    return reply.header('cache-control', 'private, no-store').send(await service.find(hash, request.requestedLanguage));
  });
};
