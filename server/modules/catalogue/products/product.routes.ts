/** GET /api/products/{id} and /api/products/{id}/upsells. */
import type { FastifyPluginAsync } from 'fastify';
import { PUBLIC_CACHE } from '../cache-control.ts';
import { parseEntityId, type IdParams } from '../entity-id.ts';
import { createSerializedAnswers, sendJson } from '../serialized-answers.ts';
import { createProductService } from './product.service.ts';

/** Product pages kept per process; unknown ids are never kept (a 404 is not cached). */
const MAX_PRODUCT_ANSWERS = 2000;

export const productRoutes: FastifyPluginAsync = async (app) => {
  const products = createProductService({ db: app.db, clock: app.clock });
  const answers = createSerializedAnswers(app, MAX_PRODUCT_ANSWERS);

  app.get<{ Params: IdParams }>('/products/:id', async (request, reply) => {
    const id = parseEntityId(request.params.id);
    const language = request.requestedLanguage;
    const body = await answers.json(`${id}:${language}`, () => products.getProduct(id, language));
    return sendJson(reply, PUBLIC_CACHE, body);
  });

  app.get<{ Params: IdParams }>('/products/:id/upsells', async (request, reply) => {
    const body = await products.listUpsells(parseEntityId(request.params.id), request.requestedLanguage);
    return reply.header('cache-control', PUBLIC_CACHE).send(body);
  });
};
