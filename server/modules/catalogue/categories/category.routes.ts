/** GET /api/categories and /api/categories/{id}. */
import type { FastifyPluginAsync } from 'fastify';
import { PUBLIC_CACHE } from '../cache-control.ts';
import { parseEntityId, type IdParams } from '../entity-id.ts';
import { createCategoryService } from './category.service.ts';

export const categoryRoutes: FastifyPluginAsync = async (app) => {
  const categories = createCategoryService({ db: app.db });

  app.get('/categories', async (request, reply) => {
    const body = await categories.listCategories(request.requestedLanguage);
    return reply.header('cache-control', PUBLIC_CACHE).send(body);
  });

  app.get<{ Params: IdParams }>('/categories/:id', async (request, reply) => {
    const body = await categories.getCategory(parseEntityId(request.params.id), request.requestedLanguage);
    return reply.header('cache-control', PUBLIC_CACHE).send(body);
  });
};
