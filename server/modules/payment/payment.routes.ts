/**
 * GET /api/payment/{hash} (spec section 7): `{ ok, response: { payment } }` to resume paying a
 * pending reservation or order; 404 when unknown, 409 ORDER_NOT_PAYABLE when it is not pending.
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { createPaymentService } from './payment.service.ts';

const hashParams = z.object({ hash: z.string().max(200) });

export const paymentRoutes: FastifyPluginAsync = async (app) => {
  const service = createPaymentService({ db: app.db, clock: app.clock, config: app.config, logger: app.log });

  app.get('/payment/:hash', { schema: { params: hashParams } }, async (request, reply) => {
    const { hash } = request.params as z.infer<typeof hashParams>;
    return reply.header('cache-control', 'no-store').send(await service.resume(hash.toLowerCase()));
  });
};
