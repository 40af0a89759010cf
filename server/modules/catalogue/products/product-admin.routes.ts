/** The back office's products (catalogue-admin.routes.ts): the list, one product as the editor edits it, create and save. */
import { z } from 'zod';
import { productEditorSchema, productEditorViewSchema, productListRowSchema, productUpdateSchema } from '#domain/backoffice/catalogue-editor.ts';
import { STAFF_ACCESS } from '#domain/backoffice/staff-roles.ts';
import { access } from '../../../openapi/api-description.ts';
import { refusalResponses } from '../../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../../plugins/zod-type-provider.ts';
import { staffActor } from '../../../staff-audit.ts';
import { idParamsSchema, parseEntityId } from '../../../lib/entity-id.ts';

const roles = { staffRoles: STAFF_ACCESS.catalogue };
const tags: ['backoffice'] = ['backoffice'];

export const productAdminRoutes: ZodRoutes = async (app) => {
  const { products } = app.services.catalogueEditing;

  app.get(
    '/catalogue/products',
    {
      config: roles,
      schema: {
        operationId: 'editorListProducts',
        summary: 'Every product, any state, for the editor',
        tags,
        security: access.staff,
        response: { 200: z.array(productListRowSchema), ...refusalResponses },
      },
    },
    async () => products.listProducts(),
  );
  app.post(
    '/catalogue/products',
    {
      config: roles,
      schema: {
        operationId: 'editorCreateProduct',
        summary: 'Creates a product with its audiences, upsells, cross-sells and categories',
        tags,
        security: access.staff,
        body: productEditorSchema,
        response: { 200: productEditorViewSchema, ...refusalResponses },
      },
    },
    async (request) => products.createProduct(staffActor(request), request.body),
  );
  app.get(
    '/catalogue/products/:id',
    {
      config: roles,
      schema: {
        operationId: 'editorGetProduct',
        summary: 'One product as the editor edits it, with its version',
        tags,
        security: access.staff,
        params: idParamsSchema,
        response: { 200: productEditorViewSchema, ...refusalResponses },
      },
    },
    async (request) => products.getProduct(parseEntityId(request.params.id)),
  );
  app.put(
    '/catalogue/products/:id',
    {
      config: roles,
      schema: {
        operationId: 'editorUpdateProduct',
        summary: 'Saves a product read at `version`; 409 CATALOGUE_STALE_EDIT when it changed since',
        tags,
        security: access.staff,
        params: idParamsSchema,
        body: productUpdateSchema,
        response: { 200: productEditorViewSchema, ...refusalResponses },
      },
    },
    async (request) => products.updateProduct(staffActor(request), parseEntityId(request.params.id), request.body.version, request.body.product),
  );
};
