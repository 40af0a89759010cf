/** GET /api/organisation: the shop's settings, fields and additions (spec sections 3 and 7). */
import { organisationSchema } from '#domain/contracts/organisation.schema.ts';
import { refusalResponses } from '../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../plugins/zod-type-provider.ts';
import { PUBLIC_CACHE } from '../../lib/cache-control.ts';
import { createSerializedAnswers, sendJson } from '../../lib/serialized-answers.ts';
import { access } from '../../openapi/api-description.ts';

export const organisationRoutes: ZodRoutes = async (app) => {
  const { organisation } = app.services;
  // One answer per requested language (and the unnamed one).
  const answers = createSerializedAnswers(app, 16, 'GET /api/organisation', organisationSchema);

  app.get(
    '/organisation',
    {
      schema: {
        operationId: 'getOrganisation',
        summary: "The shop's settings: name, languages, payment methods and texts",
        tags: ['organisation'],
        security: access.public,
        response: { 200: organisationSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const language = request.requestedLanguage;
      const body = await answers.json(`${language}`, () => organisation.getOrganisation(language));
      return sendJson(reply, PUBLIC_CACHE, body);
    },
  );
};
