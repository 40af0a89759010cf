/** GET /api/products/{id} and /api/products/{id}/upsells. */
import type { FastifyPluginAsync } from 'fastify';
import { PUBLIC_CACHE } from '../cache-control.ts';
import { parseEntityId, type IdParams } from '../entity-id.ts';
import { createProductService } from './product.service.ts';

export const productRoutes: FastifyPluginAsync = async (app) => {
  const products = createProductService({ db: app.db, clock: app.clock });

  app.get<{ Params: IdParams }>('/products/:id', async (request, reply) => {
    const body = await products.getProduct(parseEntityId(request.params.id), request.requestedLanguage);
    return reply.header('cache-control', PUBLIC_CACHE).send(body);
  });

  app.get<{ Params: IdParams }>('/products/:id/upsells', async (request, reply) => {
    const body = await products.listUpsells(parseEntityId(request.params.id), request.requestedLanguage);
    return reply.header('cache-control', PUBLIC_CACHE).send(body);
  });
};
