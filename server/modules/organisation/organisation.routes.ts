/** GET /api/organisation: the shop's settings, fields and additions (spec sections 3 and 7). */
import type { FastifyPluginAsync } from 'fastify';
import { PUBLIC_CACHE } from '../catalogue/cache-control.ts';
import { createSerializedAnswers, sendJson } from '../catalogue/serialized-answers.ts';
import { createOrganisationService } from './organisation.service.ts';

export const organisationRoutes: FastifyPluginAsync = async (app) => {
  const organisation = createOrganisationService({ db: app.db, config: app.config });
  // One answer per requested language (and the unnamed one).
  const answers = createSerializedAnswers(app, 16);

  app.get('/organisation', async (request, reply) => {
    const language = request.requestedLanguage;
    const body = await answers.json(`${language}`, () => organisation.getOrganisation(language));
    return sendJson(reply, PUBLIC_CACHE, body);
  });
};
