/** The back office's categories (catalogue-admin.routes.ts): the tree, one category, create and save. */
import { z } from 'zod';
import { categoryEditorSchema, categoryEditorViewSchema, categoryUpdateSchema } from '#domain/backoffice/catalogue-editor.ts';
import { STAFF_ACCESS } from '#domain/backoffice/staff-roles.ts';
import { access } from '../../../openapi/api-description.ts';
import { refusalResponses } from '../../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../../plugins/zod-type-provider.ts';
import { staffActor } from '../../../staff-audit.ts';
import { idParamsSchema, parseEntityId } from '../../../lib/entity-id.ts';

const roles = { staffRoles: STAFF_ACCESS.catalogue };
const tags: ['backoffice'] = ['backoffice'];

export const categoryAdminRoutes: ZodRoutes = async (app) => {
  const { categories } = app.services.catalogueEditing;

  app.get(
    '/catalogue/categories',
    {
      config: roles,
      schema: {
        operationId: 'editorListCategories',
        summary: 'Every category (the tree by parent_id), any state',
        tags,
        security: access.staff,
        response: { 200: z.array(categoryEditorViewSchema), ...refusalResponses },
      },
    },
    async () => categories.listCategories(),
  );
  app.post(
    '/catalogue/categories',
    {
      config: roles,
      schema: {
        operationId: 'editorCreateCategory',
        summary: 'Creates a category',
        tags,
        security: access.staff,
        body: categoryEditorSchema,
        response: { 200: categoryEditorViewSchema, ...refusalResponses },
      },
    },
    async (request) => categories.saveCategory(staffActor(request), request.body, null),
  );
  app.get(
    '/catalogue/categories/:id',
    {
      config: roles,
      schema: {
        operationId: 'editorGetCategory',
        summary: 'One category with its version',
        tags,
        security: access.staff,
        params: idParamsSchema,
        response: { 200: categoryEditorViewSchema, ...refusalResponses },
      },
    },
    async (request) => categories.getCategory(parseEntityId(request.params.id)),
  );
  app.put(
    '/catalogue/categories/:id',
    {
      config: roles,
      schema: {
        operationId: 'editorUpdateCategory',
        summary: 'Saves a category read at `version` (409 CATALOGUE_STALE_EDIT)',
        tags,
        security: access.staff,
        params: idParamsSchema,
        body: categoryUpdateSchema,
        response: { 200: categoryEditorViewSchema, ...refusalResponses },
      },
    },
    async (request) =>
      categories.saveCategory(staffActor(request), request.body.category, { id: parseEntityId(request.params.id), version: request.body.version }),
  );
};
