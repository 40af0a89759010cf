/**
 * The coupons' back-office API (registered under /api/backoffice; owner and manager):
 *   GET /sales/coupons, POST …, GET/PUT /sales/coupons/{id}         (uses: the orders desk's GET /coupons/{code}/uses)
 *   GET /sales/customer-groups                                       what a coupon may be kept for
 * A PUT carries the version it was read at: 409 CATALOGUE_STALE_EDIT when someone saved in between.
 */
import { z } from 'zod';
import { couponEditorSchema, couponEditorViewSchema, couponUpdateSchema, customerGroupViewSchema } from '#domain/backoffice/sales-editor.ts';
import { STAFF_ACCESS } from '#domain/backoffice/staff-roles.ts';
import { access } from '../../openapi/api-description.ts';
import { refusalResponses } from '../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../plugins/zod-type-provider.ts';
import { staffActor } from '../../staff-audit.ts';
import { idParamsSchema, parseEntityId } from '../../lib/entity-id.ts';
import { answerPrivateNoStore } from '../../lib/cache-control.ts';

const roles = { staffRoles: STAFF_ACCESS.catalogue };
const doc = (operationId: string, summary: string) => ({ operationId, summary, tags: ['backoffice' as const], security: access.staff });

export const couponAdminRoutes: ZodRoutes = async (app) => {
  const coupons = app.services.couponEditing;

  app.addHook('onRequest', answerPrivateNoStore);

  app.get(
    '/sales/coupons',
    {
      config: roles,
      schema: { ...doc('editorListCoupons', 'Every coupon with its uses'), response: { 200: z.array(couponEditorViewSchema), ...refusalResponses } },
    },
    async () => coupons.listCoupons(),
  );
  app.post(
    '/sales/coupons',
    {
      config: roles,
      schema: {
        ...doc('editorCreateCoupon', 'Creates a coupon; 409 COUPON_CODE_TAKEN when a coupon or gift card has its code'),
        body: couponEditorSchema,
        response: { 200: couponEditorViewSchema, ...refusalResponses },
      },
    },
    async (request) => coupons.saveCoupon(staffActor(request), request.body, null),
  );
  app.get(
    '/sales/coupons/:id',
    {
      config: roles,
      schema: {
        ...doc('editorGetCoupon', 'One coupon with its version'),
        params: idParamsSchema,
        response: { 200: couponEditorViewSchema, ...refusalResponses },
      },
    },
    async (request) => coupons.getCoupon(parseEntityId(request.params.id)),
  );
  app.put(
    '/sales/coupons/:id',
    {
      config: roles,
      schema: {
        ...doc('editorUpdateCoupon', 'Saves a coupon read at `version` (409 CATALOGUE_STALE_EDIT; 409 COUPON_LIMIT_BELOW_USES)'),
        params: idParamsSchema,
        body: couponUpdateSchema,
        response: { 200: couponEditorViewSchema, ...refusalResponses },
      },
    },
    async (request) => coupons.saveCoupon(staffActor(request), request.body.coupon, { id: parseEntityId(request.params.id), version: request.body.version }),
  );
  app.get(
    '/sales/customer-groups',
    {
      config: roles,
      schema: {
        ...doc('editorListCustomerGroups', 'The customer groups a coupon may be kept for'),
        response: { 200: z.array(customerGroupViewSchema), ...refusalResponses },
      },
    },
    async () => coupons.listCustomerGroups(),
  );
};
