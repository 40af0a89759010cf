/**
 * GET /api/embed: the origins allowed to embed the storefront, from the one setting FRAME_ANCESTORS
 * (server/security/embed-origins.ts). The storefront in a frame reads it to check whom it talks to;
 * embed.js, on the organisation's site, reads it across origins to show a clear refusal in the frame
 * instead of a page the browser blocks. Public: the same list is in every answer's CSP header.
 */
import { embedSettingsSchema } from '#domain/contracts/embed.schema.ts';
import { PUBLIC_CACHE } from '../../lib/cache-control.ts';
import { access } from '../../openapi/api-description.ts';
import { refusalResponses } from '../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../plugins/zod-type-provider.ts';
import { embedOrigins } from '../../security/embed-origins.ts';

export const embedRoutes: ZodRoutes = async (app) => {
  const body = { origins: embedOrigins(app.config) };
  app.get(
    '/embed',
    {
      schema: {
        operationId: 'getEmbedSettings',
        summary: 'The origins allowed to embed the storefront in a frame',
        tags: ['embed'],
        security: access.public,
        response: { 200: embedSettingsSchema, ...refusalResponses },
      },
    },
    async (_request, reply) => reply.header('cache-control', PUBLIC_CACHE).header('access-control-allow-origin', '*').send(body),
  );
};
