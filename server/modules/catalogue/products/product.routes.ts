/** GET /api/products/{id} and /api/products/{id}/upsells. */
import { productSchema, upsellListSchema } from '#domain/contracts/catalogue.schema.ts';
import { refusalResponses } from '../../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../../plugins/zod-type-provider.ts';
import { PUBLIC_CACHE } from '../../../lib/cache-control.ts';
import { idParamsSchema, parseEntityId } from '../../../lib/entity-id.ts';
import { createSerializedAnswers, sendJson } from '../../../lib/serialized-answers.ts';
import { access } from '../../../openapi/api-description.ts';

/** Product pages kept per process; unknown ids are never kept (a 404 is not cached). */
const MAX_PRODUCT_ANSWERS = 2000;

export const productRoutes: ZodRoutes = async (app) => {
  const { products } = app.services.catalogue;
  const answers = createSerializedAnswers(app, MAX_PRODUCT_ANSWERS, 'GET /api/products/:id', productSchema);

  app.get(
    '/products/:id',
    {
      schema: {
        operationId: 'getProduct',
        summary: 'One product with its audiences, prices and booking rules',
        tags: ['catalogue'],
        security: access.public,
        params: idParamsSchema,
        response: { 200: productSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const id = parseEntityId(request.params.id);
      const language = request.requestedLanguage;
      const body = await answers.serialized(`${id}:${language}`, () => products.getProductJson(id, language));
      return sendJson(reply, PUBLIC_CACHE, body);
    },
  );

  app.get(
    '/products/:id/upsells',
    {
      schema: {
        operationId: 'listProductUpsells',
        summary: 'The extras offered with a product',
        tags: ['catalogue'],
        security: access.public,
        params: idParamsSchema,
        response: { 200: upsellListSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const body = await products.listUpsells(parseEntityId(request.params.id), request.requestedLanguage);
      return reply.header('cache-control', PUBLIC_CACHE).send(body);
    },
  );
};
