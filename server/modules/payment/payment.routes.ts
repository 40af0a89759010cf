/**
 * GET /api/payment/{hash} (spec section 7): `{ ok, response: { payment } }` to resume paying a
 * pending reservation or order; 404 when unknown, 409 ORDER_NOT_PAYABLE when it is not pending.
 */
import { z } from 'zod';
import { paymentResumeResponseSchema } from '../../../src/domain/contracts/orders.ts';
import { refusalResponses } from '../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../plugins/zod-type-provider.ts';
import { createPaymentService } from './payment.service.ts';

const hashParams = z.object({ hash: z.string().max(200) });

export const paymentRoutes: ZodRoutes = async (app) => {
  const service = createPaymentService({ db: app.db, clock: app.clock, config: app.config, logger: app.log });

  app.get('/payment/:hash', { schema: { params: hashParams, response: { 200: paymentResumeResponseSchema, ...refusalResponses } } }, async (request, reply) => {
    const { hash } = request.params;
    return reply.header('cache-control', 'no-store').send(await service.resume(hash.toLowerCase()));
  });
};
