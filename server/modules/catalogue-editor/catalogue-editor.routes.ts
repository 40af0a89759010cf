/**
 * The back office's catalogue editor API (registered under /api/backoffice; owner and manager):
 *   GET  /catalogue/languages                    the organisation's catalogue languages
 *   GET  /catalogue/products, POST …, GET/PUT /catalogue/products/{id}
 *   GET  /catalogue/categories, POST …, GET/PUT /catalogue/categories/{id}
 *   GET  /catalogue/audiences, POST …, PUT /catalogue/audiences/{id}
 *   GET  /catalogue/upsells, POST …, PUT /catalogue/upsells/{id}
 *   POST /catalogue/images                        raw JPEG/PNG/WebP body → stored sizes' URLs
 * A PUT carries the version it was read at: 409 CATALOGUE_STALE_EDIT when someone saved in between.
 * And, public: GET /media/{name} — a stored image, cached for a year as immutable (names are content hashes).
 */
import { z } from 'zod';
import {
  audienceEditorSchema,
  audienceEditorViewSchema,
  catalogueLanguagesSchema,
  categoryEditorSchema,
  categoryEditorViewSchema,
  categoryUpdateSchema,
  IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  productEditorSchema,
  productEditorViewSchema,
  productListRowSchema,
  productUpdateSchema,
  storedImageSchema,
  upsellEditorSchema,
  upsellEditorViewSchema,
  upsellUpdateSchema,
} from '#domain/backoffice/catalogue-editor.ts';
import { STAFF_ACCESS } from '#domain/backoffice/staff-roles.ts';
import { AppError } from '../../errors.ts';
import { access } from '../../openapi/api-description.ts';
import { refusalResponses } from '../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../plugins/zod-type-provider.ts';
import { idParamsSchema, parseEntityId } from '../catalogue/index.ts';
import { readImage, storeImage } from './image-store.ts';

const roles = { staffRoles: STAFF_ACCESS.catalogue };
const tags: ['backoffice'] = ['backoffice'];

export const catalogueEditorRoutes: ZodRoutes = async (app) => {
  const editor = app.services.catalogueEditor;
  const actor = (request: { staff?: { id: number } | null }) => ({ staffId: request.staff!.id });

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/catalogue/languages',
    {
      config: roles,
      schema: {
        operationId: 'editorLanguages',
        summary: "The organisation's catalogue languages and its default",
        tags,
        security: access.staff,
        response: { 200: catalogueLanguagesSchema, ...refusalResponses },
      },
    },
    async () => editor.languages(),
  );

  /* products */
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
    async () => editor.listProducts(),
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
    async (request) => editor.createProduct(actor(request), request.body),
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
    async (request) => editor.getProduct(parseEntityId(request.params.id)),
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
    async (request) => editor.updateProduct(actor(request), parseEntityId(request.params.id), request.body.version, request.body.product),
  );

  /* categories */
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
    async () => editor.listCategories(),
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
    async (request) => editor.saveCategory(actor(request), request.body, null),
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
    async (request) => editor.getCategory(parseEntityId(request.params.id)),
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
    async (request) => editor.saveCategory(actor(request), request.body.category, { id: parseEntityId(request.params.id), version: request.body.version }),
  );

  /* audiences */
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
    async () => editor.listAudiences(),
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
    async (request) => editor.createAudience(actor(request), request.body),
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
    async (request) => editor.updateAudience(actor(request), parseEntityId(request.params.id), request.body),
  );

  /* upsells */
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
    async () => editor.listUpsells(),
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
    async (request) => editor.saveUpsell(actor(request), request.body, null),
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
    async (request) => editor.saveUpsell(actor(request), request.body.upsell, { id: parseEntityId(request.params.id), version: request.body.version }),
  );

  /* images: the raw file as the body (Content-Type image/jpeg, image/png or image/webp) */
  await app.register(async (images) => {
    for (const type of IMAGE_TYPES)
      images.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES }, (_request, body, done) => done(null, body));
    images.post(
      '/catalogue/images',
      {
        config: roles,
        bodyLimit: MAX_IMAGE_BYTES,
        schema: {
          operationId: 'editorUploadImage',
          summary: 'Uploads a JPEG, PNG or WebP image (the raw file as the body); answers the URLs of its stored sizes',
          tags,
          security: access.staff,
          response: { 200: storedImageSchema, ...refusalResponses },
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) throw new AppError('IMAGE_INVALID', 400, 'Send the image file as the body');
        return storeImage(app.config.mediaDir, request.body);
      },
    );
  });
};

/** GET /media/{name}: an uploaded image; its name is its content's hash, so it is cached as immutable. */
export const mediaRoutes: ZodRoutes = async (app) => {
  app.get(
    '/media/:name',
    {
      schema: {
        operationId: 'getMediaImage',
        summary: 'An uploaded catalogue image (WebP), cached for a year as immutable',
        tags: ['catalogue'],
        security: access.public,
        params: z.object({ name: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const bytes = await readImage(app.config.mediaDir, request.params.name);
      if (!bytes) throw new AppError('NOT_FOUND', 404, 'No such image');
      return reply.header('content-type', 'image/webp').header('cache-control', 'public, max-age=31536000, immutable').send(bytes);
    },
  );
};
