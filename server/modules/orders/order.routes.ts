/**
 * POST /api/orders (spec sections 3, 4, 7): order submission and price simulation, answered as
 * `OrderResponse`; refusals are 4xx `{ ok: false, error, message }`.
 * GET /api/orders/{hash}: `OrderStatusView` for the checkout return page; 404 when unknown.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { orderRequestSchema, orderResponseSchema, orderStatusViewSchema } from '../../../src/domain/contracts/orders.ts';
import { refusalResponses } from '../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../plugins/zod-type-provider.ts';
import { createSecurity } from '../../security/security.service.ts';
import { createOrderService } from './order.service.ts';

const hashParams = z.object({ hash: z.string().max(200) });

/** A price simulation (the request's or any line's flag) writes nothing, so it needs no idempotency key. */
function isSimulation({ body }: FastifyRequest): boolean {
  if (typeof body !== 'object' || body === null) return false;
  if ('simulate' in body && body.simulate === true) return true;
  if (!('orders' in body) || !Array.isArray(body.orders)) return false;
  return body.orders.some((line: unknown) => typeof line === 'object' && line !== null && 'simulate' in line && line.simulate === true);
}

export const orderRoutes: ZodRoutes = async (app) => {
  const security = createSecurity({ db: app.db, clock: app.clock, config: app.config, logger: app.log });
  const service = createOrderService({ db: app.db, clock: app.clock, config: app.config, security, logger: app.log });

  app.post(
    '/orders',
    { schema: { body: orderRequestSchema, response: { 200: orderResponseSchema, ...refusalResponses } }, config: { idempotency: { unless: isSimulation } } },
    async (request, reply) => {
      const answer = await service.submit(request.body, {
        clientId: request.clientId,
        requestedLanguage: request.requestedLanguage,
        address: request.ip,
      });
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );

  app.get('/orders/:hash', { schema: { params: hashParams, response: { 200: orderStatusViewSchema, ...refusalResponses } } }, async (request, reply) => {
    const { hash } = request.params;
    return reply.header('cache-control', 'no-store').send(await service.status(hash.toLowerCase()));
  });
};
