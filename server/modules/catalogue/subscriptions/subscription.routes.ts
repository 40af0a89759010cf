/** GET /api/subscriptions/{id} and /api/subscriptions/{id}/upsells (POST /api/subscriptions is the ordering module's). */
import { subscriptionSchema, upsellListSchema } from '#domain/contracts/catalogue.schema.ts';
import { refusalResponses } from '../../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../../plugins/zod-type-provider.ts';
import { PUBLIC_CACHE } from '../../../lib/cache-control.ts';
import { idParamsSchema, parseEntityId } from '../../../lib/entity-id.ts';
import { access } from '../../../openapi/api-description.ts';

export const subscriptionRoutes: ZodRoutes = async (app) => {
  const { subscriptions } = app.services.catalogue;

  app.get(
    '/subscriptions/:id',
    {
      schema: {
        operationId: 'getSubscription',
        summary: 'One subscription with its prices and terms',
        tags: ['catalogue'],
        security: access.public,
        params: idParamsSchema,
        response: { 200: subscriptionSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const body = await subscriptions.getSubscription(parseEntityId(request.params.id), request.requestedLanguage);
      return reply.header('cache-control', PUBLIC_CACHE).send(body);
    },
  );

  app.get(
    '/subscriptions/:id/upsells',
    {
      schema: {
        operationId: 'listSubscriptionUpsells',
        summary: 'The extras offered with a subscription',
        tags: ['catalogue'],
        security: access.public,
        params: idParamsSchema,
        response: { 200: upsellListSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const body = await subscriptions.listUpsells(parseEntityId(request.params.id), request.requestedLanguage);
      return reply.header('cache-control', PUBLIC_CACHE).send(body);
    },
  );
};
