/**
 * POST /api/coupon (spec sections 3, 5, 7, 8): anyone previews a gift card barcode, a signed-in
 * client a coupon code too (src/domain/order/discount-access.ts). 200 CouponResponse; refusals are 4xx with `error` and a readable `error_info`.
 */
import { couponRequestSchema, couponResponseSchema } from '#domain/contracts/orders.ts';
import { refusalResponses } from '../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../plugins/zod-type-provider.ts';
import { access } from '../../openapi/api-description.ts';

export const couponRoutes: ZodRoutes = async (app) => {
  const service = app.services.coupons;

  app.post(
    '/coupon',
    {
      schema: {
        operationId: 'previewCoupon',
        summary: 'Preview a coupon code or gift card barcode against a cart',
        tags: ['coupons'],
        security: access.sessionOptional,
        body: couponRequestSchema,
        response: { 200: couponResponseSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      // Under the same code-guessing rule as every other way to ask (security/code-guessing.ts).
      const answer = await service.preview(request.body, request.clientId, request.ip);
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );
};
