/**
 * The subscriptions' back-office API (registered under /api/backoffice; owner and manager):
 *   GET /sales/subscriptions, POST …, GET/PUT /sales/subscriptions/{id}
 * A PUT carries the version it was read at: 409 CATALOGUE_STALE_EDIT when someone saved in between.
 */
import { z } from 'zod';
import { subscriptionEditorSchema, subscriptionEditorViewSchema, subscriptionUpdateSchema } from '#domain/backoffice/sales-editor.ts';
import { STAFF_ACCESS } from '#domain/backoffice/staff-roles.ts';
import { access } from '../../openapi/api-description.ts';
import { refusalResponses } from '../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../plugins/zod-type-provider.ts';
import { staffActor } from '../../staff-audit.ts';
import { idParamsSchema, parseEntityId } from '../../lib/entity-id.ts';
import { answerPrivateNoStore } from '../../lib/cache-control.ts';

const roles = { staffRoles: STAFF_ACCESS.catalogue };
const doc = (operationId: string, summary: string) => ({ operationId, summary, tags: ['backoffice' as const], security: access.staff });

export const subscriptionAdminRoutes: ZodRoutes = async (app) => {
  const subscriptions = app.services.subscriptionEditing;

  app.addHook('onRequest', answerPrivateNoStore);

  app.get(
    '/sales/subscriptions',
    {
      config: roles,
      schema: {
        ...doc('editorListSubscriptions', 'Every subscription (pass), any state'),
        response: { 200: z.array(subscriptionEditorViewSchema), ...refusalResponses },
      },
    },
    async () => subscriptions.listSubscriptions(),
  );
  app.post(
    '/sales/subscriptions',
    {
      config: roles,
      schema: {
        ...doc('editorCreateSubscription', 'Creates a subscription with its audiences, covered products and categories'),
        body: subscriptionEditorSchema,
        response: { 200: subscriptionEditorViewSchema, ...refusalResponses },
      },
    },
    async (request) => subscriptions.saveSubscription(staffActor(request), request.body, null),
  );
  app.get(
    '/sales/subscriptions/:id',
    {
      config: roles,
      schema: {
        ...doc('editorGetSubscription', 'One subscription with its version'),
        params: idParamsSchema,
        response: { 200: subscriptionEditorViewSchema, ...refusalResponses },
      },
    },
    async (request) => subscriptions.getSubscription(parseEntityId(request.params.id)),
  );
  app.put(
    '/sales/subscriptions/:id',
    {
      config: roles,
      schema: {
        ...doc('editorUpdateSubscription', 'Saves a subscription read at `version` (409 CATALOGUE_STALE_EDIT)'),
        params: idParamsSchema,
        body: subscriptionUpdateSchema,
        response: { 200: subscriptionEditorViewSchema, ...refusalResponses },
      },
    },
    async (request) =>
      subscriptions.saveSubscription(staffActor(request), request.body.subscription, { id: parseEntityId(request.params.id), version: request.body.version }),
  );
};
