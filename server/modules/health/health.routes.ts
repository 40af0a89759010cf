/** GET /api/health: 200 once the database answers (the process migrates and seeds before it listens). */
import { ping } from '../../db/client.ts';
import { okSchema, refusalResponses } from '../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../plugins/zod-type-provider.ts';
import { access } from '../../openapi/api-description.ts';

export const healthRoutes: ZodRoutes = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        operationId: 'getHealth',
        summary: '200 once the database answers',
        tags: ['service'],
        security: access.public,
        response: { 200: okSchema, ...refusalResponses },
      },
    },
    async (_request, reply) => {
      await ping(app.db);
      return reply.header('cache-control', 'no-store').send({ ok: true });
    },
  );
};
