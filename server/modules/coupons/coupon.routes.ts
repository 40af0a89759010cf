/**
 * POST /api/coupon (spec sections 3, 5, 7, 8): a signed-in client previews a coupon code or a gift
 * card barcode. 200 CouponResponse; refusals are 4xx with `error` and a readable `error_info`.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import { couponRequestSchema } from '../../../src/domain/contracts/orders.ts';
import { createCouponService } from './coupon.service.ts';

export const couponRoutes: FastifyPluginAsync = async (app) => {
  const service = createCouponService({ db: app.db, clock: app.clock });

  app.post('/coupon', { schema: { body: couponRequestSchema } }, async (request, reply) => {
    const body = request.body as z.infer<typeof couponRequestSchema>;
    const answer = await service.preview(body, request.clientId);
    return reply.header('cache-control', 'no-store').send(answer);
  });
};
