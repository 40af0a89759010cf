/** GET /api/home/products. */
import type { FastifyPluginAsync } from 'fastify';
import { PUBLIC_CACHE } from '../cache-control.ts';
import { createHomeService } from './home.service.ts';

export const homeRoutes: FastifyPluginAsync = async (app) => {
  const home = createHomeService({ db: app.db });

  app.get('/home/products', async (request, reply) => {
    const body = await home.listHomeProducts(request.requestedLanguage);
    return reply.header('cache-control', PUBLIC_CACHE).send(body);
  });
};
