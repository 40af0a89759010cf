/**
 * The checkout's routes (spec sections 3, 4, 7), thin over the services the composition root gives:
 * POST /api/orders        order submission and price simulation, answered as `OrderResponse`;
 *                         refusals are 4xx `{ ok: false, error, message }`.
 * GET  /api/orders/{hash} `OrderStatusView` for the checkout return page; 404 when unknown.
 * GET  /api/payment/{hash} `{ ok, response: { payment } }` to resume paying a pending reservation or
 *                         order; 404 when unknown, 409 ORDER_NOT_PAYABLE when it is not pending.
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { orderRequestSchema, type ParsedOrderRequest } from '../../../src/domain/contracts/orders.ts';
import type { CheckoutService } from './checkout.service.ts';
import type { OrderStatusService } from './order-status.service.ts';
import type { PaymentResumeService } from './payment-resume.service.ts';

const hashParams = z.object({ hash: z.string().max(200) });

export interface CheckoutRoutesOptions {
  checkout: CheckoutService;
  orderStatus: OrderStatusService;
  paymentResume: PaymentResumeService;
}

export const checkoutRoutes: FastifyPluginAsync<CheckoutRoutesOptions> = async (app, { checkout, orderStatus, paymentResume }) => {
  app.post('/orders', { schema: { body: orderRequestSchema } }, async (request, reply) => {
    const answer = await checkout.submit(request.body as ParsedOrderRequest, {
      clientId: request.clientId,
      requestedLanguage: request.requestedLanguage,
      address: request.ip,
    });
    return reply.header('cache-control', 'no-store').send(answer);
  });

  app.get('/orders/:hash', { schema: { params: hashParams } }, async (request, reply) => {
    const { hash } = request.params as z.infer<typeof hashParams>;
    return reply.header('cache-control', 'no-store').send(await orderStatus.status(hash.toLowerCase()));
  });

  app.get('/payment/:hash', { schema: { params: hashParams } }, async (request, reply) => {
    const { hash } = request.params as z.infer<typeof hashParams>;
    return reply.header('cache-control', 'no-store').send(await paymentResume.resume(hash.toLowerCase()));
  });
};
