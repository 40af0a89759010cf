/** The back office's audiences (catalogue-admin.routes.ts): the list, create and save. */
import { z } from 'zod';
import { audienceEditorSchema, audienceEditorViewSchema } from '#domain/backoffice/catalogue-editor.ts';
import { STAFF_ACCESS } from '#domain/backoffice/staff-roles.ts';
import { access } from '../../../openapi/api-description.ts';
import { refusalResponses } from '../../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../../plugins/zod-type-provider.ts';
import { staffActor } from '../../../staff-audit.ts';
import { idParamsSchema, parseEntityId } from '../../../lib/entity-id.ts';

const roles = { staffRoles: STAFF_ACCESS.catalogue };
const tags: ['backoffice'] = ['backoffice'];

export const audienceAdminRoutes: ZodRoutes = async (app) => {
  const { audiences } = app.services.catalogueEditing;

  app.get(
    '/catalogue/audiences',
    {
      config: roles,
      schema: {
        operationId: 'editorListAudiences',
        summary: 'The visitor audiences products and subscriptions sell to',
        tags,
        security: access.staff,
        response: { 200: z.array(audienceEditorViewSchema), ...refusalResponses },
      },
    },
    async () => audiences.listAudiences(),
  );
  app.post(
    '/catalogue/audiences',
    {
      config: roles,
      schema: {
        operationId: 'editorCreateAudience',
        summary: 'Creates an audience (adult, child…)',
        tags,
        security: access.staff,
        body: audienceEditorSchema,
        response: { 200: audienceEditorViewSchema, ...refusalResponses },
      },
    },
    async (request) => audiences.createAudience(staffActor(request), request.body),
  );
  app.put(
    '/catalogue/audiences/:id',
    {
      config: roles,
      schema: {
        operationId: 'editorUpdateAudience',
        summary: "Saves an audience's texts, group and order",
        tags,
        security: access.staff,
        params: idParamsSchema,
        body: audienceEditorSchema,
        response: { 200: audienceEditorViewSchema, ...refusalResponses },
      },
    },
    async (request) => audiences.updateAudience(staffActor(request), parseEntityId(request.params.id), request.body),
  );
};
