/**
 * Subscriptions as a client buys, renews and reads them (spec sections 6 and 7), thin over the
 * services the composition root gives:
 * POST /api/subscriptions               order and simulation; an anonymous customer is mailed a link
 *                                       (the account works once it is followed); nobody is signed in here
 * GET  /api/client/subscription/{hash}  the signed-in client's own renewal (404 for anyone else's)
 * GET  /api/groups/{clientId}           the signed-in client's own customer groups (403 for any other id)
 */
import type { FastifyPluginAsync, RawServerDefault } from 'fastify';
import { z } from 'zod';
import {
  customerGroupsSchema,
  subscriptionOrderRequestSchema,
  subscriptionOrderResponseSchema,
  subscriptionRenewalSchema,
} from '#domain/contracts/subscription-order.schema.ts';
import { refusalResponses } from '../../plugins/error-handler.ts';
import type { ZodTypeProvider } from '../../plugins/zod-type-provider.ts';
import type { ClientSubscriptionService } from './client-subscription.service.ts';
import type { SubscriptionOrderService } from './subscription-order.service.ts';
import { access } from '../../openapi/api-description.ts';

export interface SubscriptionRoutesOptions {
  subscriptionOrders: SubscriptionOrderService;
  clientSubscriptions: ClientSubscriptionService;
}

const hashParams = z.object({ hash: z.string().min(1).max(200) });
const clientParams = z.object({ clientId: z.coerce.number().int().positive().max(2_147_483_647) });

export const subscriptionOrderRoutes: FastifyPluginAsync<SubscriptionRoutesOptions, RawServerDefault, ZodTypeProvider> = async (
  app,
  { subscriptionOrders, clientSubscriptions },
) => {
  app.post(
    '/subscriptions',
    {
      schema: {
        operationId: 'submitSubscriptionOrder',
        summary: 'Price (simulate) or place a subscription order',
        description:
          "Signs nobody in. An anonymous buyer's e-mail address is mailed a one-time link: a new account works once it is followed (it confirms the address and sets the password sent here); an address that has an account is answered the same, the order goes on that account and its password stays.",
        tags: ['subscriptions'],
        security: access.sessionOptional,
        body: subscriptionOrderRequestSchema,
        response: { 200: subscriptionOrderResponseSchema, ...refusalResponses },
      },
      config: {
        idempotency: {
          unless: (request) => (request.body as { simulate?: unknown } | null)?.simulate === true,
          replay: (paymentHash) => subscriptionOrders.replay(paymentHash),
        },
      },
    },
    async (request, reply) => {
      const answer = await subscriptionOrders.submit(request.body, {
        clientId: request.clientId,
        requestedLanguage: request.requestedLanguage,
        address: request.ip,
        idempotency: request.idempotencyClaim,
      });
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );

  app.get(
    '/client/subscription/:hash',
    {
      schema: {
        operationId: 'getSubscriptionRenewal',
        summary: "The signed-in client's subscription, for its renewal",
        tags: ['subscriptions'],
        security: access.session,
        params: hashParams,
        response: { 200: subscriptionRenewalSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const answer = await clientSubscriptions.renewal(request.clientId, request.params.hash, request.requestedLanguage);
      return reply.header('cache-control', 'private, no-store').send(answer);
    },
  );

  app.get(
    '/groups/:clientId',
    {
      schema: {
        operationId: 'listClientGroups',
        summary: "The signed-in client's customer groups",
        tags: ['subscriptions'],
        security: access.session,
        params: clientParams,
        response: { 200: customerGroupsSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const answer = await clientSubscriptions.groups(request.clientId, request.params.clientId, request.requestedLanguage);
      return reply.header('cache-control', 'private, no-store').send(answer);
    },
  );
};
