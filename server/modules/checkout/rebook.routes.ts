/**
 * GET  /api/rebook/secret/{secret}/{orderId}  the rebook entry's check (failure: 404, the storefront goes to /).
 * POST /api/rebook/validate                   an order by number and e-mail: what the product flow preloads, and a move token.
 */
import type { FastifyPluginAsync, RawServerDefault } from 'fastify';
import { z } from 'zod';
import { rebookSecretResponseSchema, rebookValidateRequestSchema, rebookValidateResponseSchema } from '#domain/contracts/rebook.schema.ts';
import { refusalResponses } from '../../plugins/error-handler.ts';
import type { ZodTypeProvider } from '../../plugins/zod-type-provider.ts';
import type { RebookService } from './rebook.ts';
import { access } from '../../openapi/api-description.ts';

const secretParams = z.object({ secret: z.string().max(200), orderId: z.string().max(40) });

export const rebookRoutes: FastifyPluginAsync<{ rebook: RebookService }, RawServerDefault, ZodTypeProvider> = async (app, { rebook }) => {
  app.get(
    '/rebook/secret/:secret/:orderId',
    {
      schema: {
        operationId: 'checkRebookSecret',
        summary: "Check a rebook link's secret for an order",
        tags: ['checkout'],
        security: access.public,
        params: secretParams,
        response: { 200: rebookSecretResponseSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      await rebook.checkSecret(request.params.secret);
      return reply.header('cache-control', 'no-store').send({ ok: true as const });
    },
  );

  app.post(
    '/rebook/validate',
    {
      schema: {
        operationId: 'validateRebook',
        summary: 'Find an order to rebook by its number and e-mail',
        description:
          "Answers what the product flow preloads and a move token (an hour) that an order submission sends as `rebook`; the token moves that booking and opens nothing else. Never the order's hash.",
        tags: ['checkout'],
        security: access.public,
        body: rebookValidateRequestSchema,
        response: { 200: rebookValidateResponseSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      return reply.header('cache-control', 'no-store').send(await rebook.validate(request.body, request.ip));
    },
  );
};
