/** GET /api/home/products. */
import { homeProductsSchema } from '#domain/contracts/catalogue.schema.ts';
import { refusalResponses } from '../../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../../plugins/zod-type-provider.ts';
import { PUBLIC_CACHE } from '../../../lib/cache-control.ts';
import { createSerializedAnswers, sendJson } from '../../../lib/serialized-answers.ts';
import { access } from '../../../openapi/api-description.ts';

export const homeRoutes: ZodRoutes = async (app) => {
  const { home } = app.services.catalogue;
  // One answer per requested language (and the unnamed one).
  const answers = createSerializedAnswers(app, 16, 'GET /api/home/products', homeProductsSchema);

  app.get(
    '/home/products',
    {
      schema: {
        operationId: 'listHomeProducts',
        summary: 'The items shown on the home page',
        tags: ['catalogue'],
        security: access.public,
        response: { 200: homeProductsSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const language = request.requestedLanguage;
      const body = await answers.json(`${language}`, () => home.listHomeProducts(language));
      return sendJson(reply, PUBLIC_CACHE, body);
    },
  );
};
