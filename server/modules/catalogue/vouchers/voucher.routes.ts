/** GET /api/vouchers/{id} (POST /api/vouchers is the ordering module's). */
import type { FastifyPluginAsync } from 'fastify';
import { PUBLIC_CACHE } from '../cache-control.ts';
import { parseEntityId, type IdParams } from '../entity-id.ts';
import { createVoucherService } from './voucher.service.ts';

export const voucherRoutes: FastifyPluginAsync = async (app) => {
  const vouchers = createVoucherService({ db: app.db });

  app.get<{ Params: IdParams }>('/vouchers/:id', async (request, reply) => {
    const body = await vouchers.getVoucher(parseEntityId(request.params.id), request.requestedLanguage);
    return reply.header('cache-control', PUBLIC_CACHE).send(body);
  });
};
