/** GET /api/home/products. */
import { homeProductsSchema } from '../../../../src/domain/contracts/catalogue.schema.ts';
import { refusalResponses } from '../../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../../plugins/zod-type-provider.ts';
import { PUBLIC_CACHE } from '../cache-control.ts';
import { createHomeService } from './home.service.ts';

export const homeRoutes: ZodRoutes = async (app) => {
  const home = createHomeService({ db: app.db });

  app.get('/home/products', { schema: { response: { 200: homeProductsSchema, ...refusalResponses } } }, async (request, reply) => {
    const body = await home.listHomeProducts(request.requestedLanguage);
    return reply.header('cache-control', PUBLIC_CACHE).send(body);
  });
};
