/** GET /api/home/products. */
import type { FastifyPluginAsync } from 'fastify';
import { PUBLIC_CACHE } from '../cache-control.ts';
import { createSerializedAnswers, sendJson } from '../serialized-answers.ts';
import { createHomeService } from './home.service.ts';

export const homeRoutes: FastifyPluginAsync = async (app) => {
  const home = createHomeService({ db: app.db });
  // One answer per requested language (and the unnamed one).
  const answers = createSerializedAnswers(app, 16);

  app.get('/home/products', async (request, reply) => {
    const language = request.requestedLanguage;
    const body = await answers.json(`${language}`, () => home.listHomeProducts(language));
    return sendJson(reply, PUBLIC_CACHE, body);
  });
};
