/** The back office's upsells and donations (catalogue-admin.routes.ts): the list, create and save. */
import { z } from 'zod';
import { upsellEditorSchema, upsellEditorViewSchema, upsellUpdateSchema } from '#domain/backoffice/catalogue-editor.ts';
import { STAFF_ACCESS } from '#domain/backoffice/staff-roles.ts';
import { access } from '../../../openapi/api-description.ts';
import { refusalResponses } from '../../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../../plugins/zod-type-provider.ts';
import { staffActor } from '../../../staff-audit.ts';
import { idParamsSchema, parseEntityId } from '../../../lib/entity-id.ts';

const roles = { staffRoles: STAFF_ACCESS.catalogue };
const tags: ['backoffice'] = ['backoffice'];

export const upsellAdminRoutes: ZodRoutes = async (app) => {
  const { upsells } = app.services.catalogueEditing;

  app.get(
    '/catalogue/upsells',
    {
      config: roles,
      schema: {
        operationId: 'editorListUpsells',
        summary: 'Every upsell and donation',
        tags,
        security: access.staff,
        response: { 200: z.array(upsellEditorViewSchema), ...refusalResponses },
      },
    },
    async () => upsells.listUpsells(),
  );
  app.post(
    '/catalogue/upsells',
    {
      config: roles,
      schema: {
        operationId: 'editorCreateUpsell',
        summary: 'Creates an upsell or a donation',
        tags,
        security: access.staff,
        body: upsellEditorSchema,
        response: { 200: upsellEditorViewSchema, ...refusalResponses },
      },
    },
    async (request) => upsells.saveUpsell(staffActor(request), request.body, null),
  );
  app.put(
    '/catalogue/upsells/:id',
    {
      config: roles,
      schema: {
        operationId: 'editorUpdateUpsell',
        summary: 'Saves an upsell read at `version` (409 CATALOGUE_STALE_EDIT)',
        tags,
        security: access.staff,
        params: idParamsSchema,
        body: upsellUpdateSchema,
        response: { 200: upsellEditorViewSchema, ...refusalResponses },
      },
    },
    async (request) => upsells.saveUpsell(staffActor(request), request.body.upsell, { id: parseEntityId(request.params.id), version: request.body.version }),
  );
};
