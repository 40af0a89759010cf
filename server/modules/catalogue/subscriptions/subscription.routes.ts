/** GET /api/subscriptions/{id} and /api/subscriptions/{id}/upsells (POST /api/subscriptions is the ordering module's). */
import type { FastifyPluginAsync } from 'fastify';
import { PUBLIC_CACHE } from '../cache-control.ts';
import { parseEntityId, type IdParams } from '../entity-id.ts';
import { createSubscriptionService } from './subscription.service.ts';

export const subscriptionRoutes: FastifyPluginAsync = async (app) => {
  const subscriptions = createSubscriptionService({ db: app.db });

  app.get<{ Params: IdParams }>('/subscriptions/:id', async (request, reply) => {
    const body = await subscriptions.getSubscription(parseEntityId(request.params.id), request.requestedLanguage);
    return reply.header('cache-control', PUBLIC_CACHE).send(body);
  });

  app.get<{ Params: IdParams }>('/subscriptions/:id/upsells', async (request, reply) => {
    const body = await subscriptions.listUpsells(parseEntityId(request.params.id), request.requestedLanguage);
    return reply.header('cache-control', PUBLIC_CACHE).send(body);
  });
};
