/** GET /api/organisation: the shop's settings, fields and additions (spec sections 3 and 7). */
import type { FastifyPluginAsync } from 'fastify';
import { PUBLIC_CACHE } from '../catalogue/cache-control.ts';
import { createOrganisationService } from './organisation.service.ts';

export const organisationRoutes: FastifyPluginAsync = async (app) => {
  const organisation = createOrganisationService({ db: app.db, config: app.config });

  app.get('/organisation', async (request, reply) => {
    const body = await organisation.getOrganisation(request.requestedLanguage);
    return reply.header('cache-control', PUBLIC_CACHE).send(body);
  });
};
