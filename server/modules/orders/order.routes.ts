/**
 * POST /api/orders (spec sections 3, 4, 7): order submission and price simulation, answered as
 * `OrderResponse`; refusals are 4xx `{ ok: false, error, message }`.
 * GET /api/orders/{hash}: `OrderStatusView` for the checkout return page; 404 when unknown.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { orderRequestSchema, type ParsedOrderRequest } from '../../../src/domain/contracts/orders.ts';
import { createSecurity } from '../../security/security.service.ts';
import { createOrderService } from './order.service.ts';

const hashParams = z.object({ hash: z.string().max(200) });

export const orderRoutes: FastifyPluginAsync = async (app) => {
  const security = createSecurity({ db: app.db, clock: app.clock, config: app.config, logger: app.log });
  const service = createOrderService({ db: app.db, clock: app.clock, config: app.config, security, logger: app.log });

  const isSimulation = (request: FastifyRequest) => (request.body as ParsedOrderRequest).simulate === true;
  app.post('/orders', { schema: { body: orderRequestSchema }, config: { idempotency: { unless: isSimulation } } }, async (request, reply) => {
    const answer = await service.submit(request.body as ParsedOrderRequest, {
      clientId: request.clientId,
      requestedLanguage: request.requestedLanguage,
      address: request.ip,
    });
    return reply.header('cache-control', 'no-store').send(answer);
  });

  app.get('/orders/:hash', { schema: { params: hashParams } }, async (request, reply) => {
    const { hash } = request.params as z.infer<typeof hashParams>;
    return reply.header('cache-control', 'no-store').send(await service.status(hash.toLowerCase()));
  });
};
