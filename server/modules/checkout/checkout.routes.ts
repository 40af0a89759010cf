/**
 * The checkout's routes (spec sections 3, 4, 7), thin over the services the composition root gives:
 * POST /api/orders        order submission and price simulation, answered as `OrderResponse`;
 *                         refusals are 4xx `{ ok: false, error, message }`. Submissions may carry an
 *                         Idempotency-Key (server/plugins/idempotency.ts).
 * GET  /api/orders/{hash} `OrderStatusView` for the checkout return page; 404 when unknown.
 * GET  /api/payment/{hash} `{ ok, response: { payment } }` to resume paying a pending reservation or
 *                         order; 404 when unknown, 409 ORDER_NOT_PAYABLE when it is not pending.
 */
import type { FastifyPluginAsync, FastifyRequest, RawServerDefault } from 'fastify';
import { z } from 'zod';
import { orderRequestSchema, orderResponseSchema, orderStatusViewSchema, paymentResumeResponseSchema } from '#domain/contracts/orders.ts';
import { refusalResponses } from '../../plugins/error-handler.ts';
import type { ZodTypeProvider } from '../../plugins/zod-type-provider.ts';
import type { CheckoutService } from './checkout.service.ts';
import type { OrderStatusService } from './order-status.service.ts';
import type { PaymentResumeService } from './payment-resume.service.ts';
import { access } from '../../openapi/api-description.ts';

const hashParams = z.object({ hash: z.string().max(200) });

export interface CheckoutRoutesOptions {
  checkout: CheckoutService;
  orderStatus: OrderStatusService;
  paymentResume: PaymentResumeService;
}

/** A price simulation (the request's or any line's flag) writes nothing, so it needs no idempotency key. */
function isSimulation({ body }: FastifyRequest): boolean {
  if (typeof body !== 'object' || body === null) return false;
  if ('simulate' in body && body.simulate === true) return true;
  if (!('orders' in body) || !Array.isArray(body.orders)) return false;
  return body.orders.some((line: unknown) => typeof line === 'object' && line !== null && 'simulate' in line && line.simulate === true);
}

export const checkoutRoutes: FastifyPluginAsync<CheckoutRoutesOptions, RawServerDefault, ZodTypeProvider> = async (
  app,
  { checkout, orderStatus, paymentResume },
) => {
  app.post(
    '/orders',
    {
      schema: {
        operationId: 'submitOrder',
        summary: 'Price (simulate) or place an order of products and reservations',
        tags: ['checkout'],
        security: access.sessionOptional,
        body: orderRequestSchema,
        response: { 200: orderResponseSchema, ...refusalResponses },
      },
      config: { idempotency: { unless: isSimulation, replay: (paymentHash) => checkout.replay(paymentHash) } },
    },
    async (request, reply) => {
      const answer = await checkout.submit(request.body, {
        clientId: request.clientId,
        requestedLanguage: request.requestedLanguage,
        address: request.ip,
        idempotency: request.idempotencyClaim,
      });
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );

  app.get(
    '/orders/:hash',
    {
      schema: {
        operationId: 'getOrderStatus',
        summary: "An order's status, for the checkout return page",
        tags: ['checkout'],
        security: access.public,
        params: hashParams,
        response: { 200: orderStatusViewSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const { hash } = request.params;
      return reply.header('cache-control', 'no-store').send(await orderStatus.status(hash.toLowerCase(), request.requestedLanguage));
    },
  );

  app.get(
    '/payment/:hash',
    {
      schema: {
        operationId: 'resumePayment',
        summary: 'Start paying a pending order or reservation again',
        tags: ['checkout'],
        security: access.public,
        params: hashParams,
        response: { 200: paymentResumeResponseSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const { hash } = request.params;
      return reply.header('cache-control', 'no-store').send(await paymentResume.resume(hash.toLowerCase()));
    },
  );
};
