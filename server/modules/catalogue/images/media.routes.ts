/** GET /media/{name}: an uploaded image; its name is its content's hash, so it is cached as immutable. */
import { z } from 'zod';
import { AppError } from '../../../errors.ts';
import { access } from '../../../openapi/api-description.ts';
import type { ZodRoutes } from '../../../plugins/zod-type-provider.ts';
import { readImage } from './image-store.ts';

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
