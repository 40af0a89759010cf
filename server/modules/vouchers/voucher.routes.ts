/**
 * The voucher routes (spec sections 3, 7, 8), thin over the services the composition root gives:
 * POST /api/vouchers           voucher order and price simulation (`VoucherOrderResponse`); refusals
 *                              are 4xx `{ ok: false, error, message }`; orders may carry an Idempotency-Key.
 * GET  /api/voucher/check/{code} a gift card's credit and expiry; 404 VOUCHER_NOT_FOUND for an unknown
 *                              or malformed code alike; 429 RATE_LIMITED when guessing (403 SECURITY_… where
 *                              the captcha is on: `?captcha=<token>` lets it through).
 * GET  /api/gift-cards/{hash}  the printable gift card page's data (code, credit, expiry, QR SVG).
 */
import type { FastifyPluginAsync, FastifyRequest, RawServerDefault } from 'fastify';
import { z } from 'zod';
import { giftCardPageSchema, voucherCheckResponseSchema, voucherOrderRequestSchema, voucherOrderResponseSchema } from '#domain/contracts/vouchers.ts';
import { refusalResponses } from '../../plugins/error-handler.ts';
import type { ZodTypeProvider } from '../../plugins/zod-type-provider.ts';
import type { GiftCardReads } from './gift-card-reads.ts';
import type { VoucherOrderService } from './voucher-order.service.ts';
import { access } from '../../openapi/api-description.ts';

export interface VoucherRoutesOptions {
  voucherOrders: VoucherOrderService;
  giftCards: GiftCardReads;
}

const isSimulation = ({ body }: FastifyRequest) => typeof body === 'object' && body !== null && 'simulate' in body && body.simulate === true;

export const voucherOrderRoutes: FastifyPluginAsync<VoucherRoutesOptions, RawServerDefault, ZodTypeProvider> = async (app, { voucherOrders, giftCards }) => {
  app.post(
    '/vouchers',
    {
      schema: {
        operationId: 'submitVoucherOrder',
        summary: 'Price (simulate) or place a voucher (gift card) order',
        tags: ['vouchers'],
        security: access.sessionOptional,
        body: voucherOrderRequestSchema,
        response: { 200: voucherOrderResponseSchema, ...refusalResponses },
      },
      config: { idempotency: { unless: isSimulation, replay: (paymentHash) => voucherOrders.replay(paymentHash) } },
    },
    async (request, reply) => {
      const answer = await voucherOrders.submit(request.body, {
        clientId: request.clientId,
        requestedLanguage: request.requestedLanguage,
        address: request.ip,
        idempotency: request.idempotencyClaim,
      });
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );

  // Any string is looked up (a malformed code answers as an unknown one), up to a generous length.
  app.get(
    '/voucher/check/:code',
    {
      schema: {
        operationId: 'checkGiftCard',
        summary: "A gift card's credit and expiry, by its code",
        tags: ['vouchers'],
        security: access.public,
        params: z.object({ code: z.string().max(2000) }),
        querystring: z.object({ captcha: z.string().max(4000).optional() }),
        response: { 200: voucherCheckResponseSchema, ...refusalResponses },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await giftCards.check(request.params.code, request.ip, request.query.captcha ?? null)),
  );

  app.get(
    '/gift-cards/:hash',
    {
      schema: {
        operationId: 'getGiftCard',
        summary: 'The printable gift card: code, credit, expiry and QR code',
        tags: ['vouchers'],
        security: access.public,
        params: z.object({ hash: z.string().max(200) }),
        response: { 200: giftCardPageSchema, ...refusalResponses },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex')
        .send(await giftCards.page(request.params.hash.toLowerCase(), request.requestedLanguage)),
  );
};
