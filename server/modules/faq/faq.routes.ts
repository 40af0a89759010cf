/** GET /api/faq (POST /api/faq/mail, the refund request, lives in the refund-requests module). */
import { faqSchema } from '#domain/contracts/faq.schema.ts';
import { refusalResponses } from '../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../plugins/zod-type-provider.ts';
import { PUBLIC_CACHE } from '../../lib/cache-control.ts';
import { access } from '../../openapi/api-description.ts';

export const faqRoutes: ZodRoutes = async (app) => {
  const { faq } = app.services;

  app.get(
    '/faq',
    {
      schema: {
        operationId: 'getFaq',
        summary: 'The questions and answers page',
        tags: ['faq'],
        security: access.public,
        response: { 200: faqSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const body = await faq.getFaq(request.requestedLanguage);
      return reply.header('cache-control', PUBLIC_CACHE).send(body);
    },
  );
};
