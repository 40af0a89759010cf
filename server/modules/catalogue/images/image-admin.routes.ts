/**
 * POST /api/backoffice/catalogue/images: a JPEG, PNG or WebP file as the raw body (its own Content-Type),
 * stored in the sizes the storefront shows (image-store.ts). The logo of the shop's settings comes here too.
 */
import { IMAGE_TYPES, MAX_IMAGE_BYTES, storedImageSchema } from '#domain/backoffice/catalogue-editor.ts';
import { STAFF_ACCESS } from '#domain/backoffice/staff-roles.ts';
import { AppError } from '../../../errors.ts';
import { access } from '../../../openapi/api-description.ts';
import { refusalResponses } from '../../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../../plugins/zod-type-provider.ts';
import { storeImage } from './image-store.ts';

export const imageAdminRoutes: ZodRoutes = async (app) => {
  for (const type of IMAGE_TYPES) app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES }, (_request, body, done) => done(null, body));
  app.post(
    '/catalogue/images',
    {
      config: { staffRoles: STAFF_ACCESS.catalogue },
      bodyLimit: MAX_IMAGE_BYTES,
      schema: {
        operationId: 'editorUploadImage',
        summary: 'Uploads a JPEG, PNG or WebP image (the raw file as the body); answers the URLs of its stored sizes',
        tags: ['backoffice'],
        security: access.staff,
        response: { 200: storedImageSchema, ...refusalResponses },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) throw new AppError('IMAGE_INVALID', 400, 'Send the image file as the body');
      return storeImage(app.config.mediaDir, request.body);
    },
  );
};
