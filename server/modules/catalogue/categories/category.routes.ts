/** GET /api/categories and /api/categories/{id}. */
import { categoryListSchema, categorySchema } from '#domain/contracts/catalogue.schema.ts';
import { refusalResponses } from '../../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../../plugins/zod-type-provider.ts';
import { PUBLIC_CACHE } from '../../../lib/cache-control.ts';
import { idParamsSchema, parseEntityId } from '../../../lib/entity-id.ts';
import { access } from '../../../openapi/api-description.ts';

export const categoryRoutes: ZodRoutes = async (app) => {
  const { categories } = app.services.catalogue;

  app.get(
    '/categories',
    {
      schema: {
        operationId: 'listCategories',
        summary: 'The categories, each with the items it lists',
        tags: ['catalogue'],
        security: access.public,
        response: { 200: categoryListSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const body = await categories.listCategories(request.requestedLanguage);
      return reply.header('cache-control', PUBLIC_CACHE).send(body);
    },
  );

  app.get(
    '/categories/:id',
    {
      schema: {
        operationId: 'getCategory',
        summary: 'One category with the items it lists',
        tags: ['catalogue'],
        security: access.public,
        params: idParamsSchema,
        response: { 200: categorySchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const body = await categories.getCategory(parseEntityId(request.params.id), request.requestedLanguage);
      return reply.header('cache-control', PUBLIC_CACHE).send(body);
    },
  );
};
