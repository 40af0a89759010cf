/** GET /api/products/{id} and /api/products/{id}/upsells. */
import { productSchema, upsellListSchema } from '../../../../src/domain/contracts/catalogue.schema.ts';
import { refusalResponses } from '../../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../../plugins/zod-type-provider.ts';
import { PUBLIC_CACHE } from '../cache-control.ts';
import { idParamsSchema, parseEntityId } from '../entity-id.ts';
import { createProductService } from './product.service.ts';

export const productRoutes: ZodRoutes = async (app) => {
  const products = createProductService({ db: app.db, clock: app.clock });

  app.get('/products/:id', { schema: { params: idParamsSchema, response: { 200: productSchema, ...refusalResponses } } }, async (request, reply) => {
    const body = await products.getProduct(parseEntityId(request.params.id), request.requestedLanguage);
    return reply.header('cache-control', PUBLIC_CACHE).send(body);
  });

  app.get('/products/:id/upsells', { schema: { params: idParamsSchema, response: { 200: upsellListSchema, ...refusalResponses } } }, async (request, reply) => {
    const body = await products.listUpsells(parseEntityId(request.params.id), request.requestedLanguage);
    return reply.header('cache-control', PUBLIC_CACHE).send(body);
  });
};
