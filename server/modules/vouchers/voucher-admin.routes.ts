/**
 * The vouchers' back-office API (registered under /api/backoffice; owner and manager):
 *   GET /sales/vouchers, POST …, GET/PUT /sales/vouchers/{id}
 * A PUT carries the version it was read at: 409 CATALOGUE_STALE_EDIT when someone saved in between.
 */
import { z } from 'zod';
import { voucherEditorSchema, voucherEditorViewSchema, voucherUpdateSchema } from '#domain/backoffice/sales-editor.ts';
import { STAFF_ACCESS } from '#domain/backoffice/staff-roles.ts';
import { access } from '../../openapi/api-description.ts';
import { refusalResponses } from '../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../plugins/zod-type-provider.ts';
import { staffActor } from '../../staff-audit.ts';
import { idParamsSchema, parseEntityId } from '../../lib/entity-id.ts';
import { answerPrivateNoStore } from '../../lib/cache-control.ts';

const roles = { staffRoles: STAFF_ACCESS.catalogue };
const doc = (operationId: string, summary: string) => ({ operationId, summary, tags: ['backoffice' as const], security: access.staff });

export const voucherAdminRoutes: ZodRoutes = async (app) => {
  const vouchers = app.services.voucherEditing;

  app.addHook('onRequest', answerPrivateNoStore);

  app.get(
    '/sales/vouchers',
    {
      config: roles,
      schema: {
        ...doc('editorListVouchers', 'Every voucher with its values and stock'),
        response: { 200: z.array(voucherEditorViewSchema), ...refusalResponses },
      },
    },
    async () => vouchers.listVouchers(),
  );
  app.post(
    '/sales/vouchers',
    {
      config: roles,
      schema: {
        ...doc('editorCreateVoucher', 'Creates a voucher with its values'),
        body: voucherEditorSchema,
        response: { 200: voucherEditorViewSchema, ...refusalResponses },
      },
    },
    async (request) => vouchers.saveVoucher(staffActor(request), request.body, null),
  );
  app.get(
    '/sales/vouchers/:id',
    {
      config: roles,
      schema: {
        ...doc('editorGetVoucher', 'One voucher with its version'),
        params: idParamsSchema,
        response: { 200: voucherEditorViewSchema, ...refusalResponses },
      },
    },
    async (request) => vouchers.getVoucher(parseEntityId(request.params.id)),
  );
  app.put(
    '/sales/vouchers/:id',
    {
      config: roles,
      schema: {
        ...doc('editorUpdateVoucher', 'Saves a voucher read at `version` (409 CATALOGUE_STALE_EDIT; 409 VOUCHER_VALUE_SOLD)'),
        params: idParamsSchema,
        body: voucherUpdateSchema,
        response: { 200: voucherEditorViewSchema, ...refusalResponses },
      },
    },
    async (request) => vouchers.saveVoucher(staffActor(request), request.body.voucher, { id: parseEntityId(request.params.id), version: request.body.version }),
  );
};
