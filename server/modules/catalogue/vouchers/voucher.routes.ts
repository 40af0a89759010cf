/** GET /api/vouchers/{id} (POST /api/vouchers is the ordering module's). */
import { voucherSchema } from '#domain/contracts/catalogue.schema.ts';
import { refusalResponses } from '../../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../../plugins/zod-type-provider.ts';
import { PUBLIC_CACHE } from '../../../lib/cache-control.ts';
import { idParamsSchema, parseEntityId } from '../../../lib/entity-id.ts';
import { access } from '../../../openapi/api-description.ts';

export const voucherRoutes: ZodRoutes = async (app) => {
  const { vouchers } = app.services.catalogue;

  app.get(
    '/vouchers/:id',
    {
      schema: {
        operationId: 'getVoucher',
        summary: 'One voucher (gift card) with its amounts',
        tags: ['catalogue'],
        security: access.public,
        params: idParamsSchema,
        response: { 200: voucherSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const body = await vouchers.getVoucher(parseEntityId(request.params.id), request.requestedLanguage);
      return reply.header('cache-control', PUBLIC_CACHE).send(body);
    },
  );
};
