/** GET /api/organisation: the shop's settings, fields and additions (spec sections 3 and 7). */
import { organisationSchema } from '../../../src/domain/contracts/organisation.schema.ts';
import { refusalResponses } from '../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../plugins/zod-type-provider.ts';
import { PUBLIC_CACHE } from '../catalogue/cache-control.ts';
import { createOrganisationService } from './organisation.service.ts';

export const organisationRoutes: ZodRoutes = async (app) => {
  const organisation = createOrganisationService({ db: app.db, config: app.config });

  app.get('/organisation', { schema: { response: { 200: organisationSchema, ...refusalResponses } } }, async (request, reply) => {
    const body = await organisation.getOrganisation(request.requestedLanguage);
    return reply.header('cache-control', PUBLIC_CACHE).send(body);
  });
};
