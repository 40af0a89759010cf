/**
 * The back office's sales set-up API (registered under /api/backoffice; owner and manager):
 *   GET /sales/coupons, POST …, GET/PUT /sales/coupons/{id}         (uses: the orders desk's GET /coupons/{code}/uses)
 *   GET /sales/subscriptions, POST …, GET/PUT /sales/subscriptions/{id}
 *   GET /sales/vouchers, POST …, GET/PUT /sales/vouchers/{id}
 *   GET /sales/customer-groups                                       what a coupon may be kept for
 * A PUT carries the version it was read at: 409 CATALOGUE_STALE_EDIT when someone saved in between.
 */
import { z } from 'zod';
import {
  couponEditorSchema,
  couponEditorViewSchema,
  couponUpdateSchema,
  customerGroupViewSchema,
  subscriptionEditorSchema,
  subscriptionEditorViewSchema,
  subscriptionUpdateSchema,
  voucherEditorSchema,
  voucherEditorViewSchema,
  voucherUpdateSchema,
} from '#domain/backoffice/sales-editor.ts';
import { STAFF_ACCESS } from '#domain/backoffice/staff-roles.ts';
import { access } from '../../openapi/api-description.ts';
import { refusalResponses } from '../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../plugins/zod-type-provider.ts';
import { idParamsSchema, parseEntityId } from '../catalogue/index.ts';

const roles = { staffRoles: STAFF_ACCESS.catalogue };
const tags: ['backoffice'] = ['backoffice'];

export const salesEditorRoutes: ZodRoutes = async (app) => {
  const editor = app.services.salesEditor;
  const actor = (request: { staff?: { id: number } | null }) => ({ staffId: request.staff!.id });
  const doc = (operationId: string, summary: string) => ({ operationId, summary, tags, security: access.staff });

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  /* coupons */
  app.get(
    '/sales/coupons',
    {
      config: roles,
      schema: { ...doc('editorListCoupons', 'Every coupon with its uses'), response: { 200: z.array(couponEditorViewSchema), ...refusalResponses } },
    },
    async () => editor.listCoupons(),
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
    async (request) => editor.saveCoupon(actor(request), request.body, null),
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
    async (request) => editor.getCoupon(parseEntityId(request.params.id)),
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
    async (request) => editor.saveCoupon(actor(request), request.body.coupon, { id: parseEntityId(request.params.id), version: request.body.version }),
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
    async () => editor.listCustomerGroups(),
  );

  /* subscriptions */
  app.get(
    '/sales/subscriptions',
    {
      config: roles,
      schema: {
        ...doc('editorListSubscriptions', 'Every subscription (pass), any state'),
        response: { 200: z.array(subscriptionEditorViewSchema), ...refusalResponses },
      },
    },
    async () => editor.listSubscriptions(),
  );
  app.post(
    '/sales/subscriptions',
    {
      config: roles,
      schema: {
        ...doc('editorCreateSubscription', 'Creates a subscription with its audiences, covered products and categories'),
        body: subscriptionEditorSchema,
        response: { 200: subscriptionEditorViewSchema, ...refusalResponses },
      },
    },
    async (request) => editor.saveSubscription(actor(request), request.body, null),
  );
  app.get(
    '/sales/subscriptions/:id',
    {
      config: roles,
      schema: {
        ...doc('editorGetSubscription', 'One subscription with its version'),
        params: idParamsSchema,
        response: { 200: subscriptionEditorViewSchema, ...refusalResponses },
      },
    },
    async (request) => editor.getSubscription(parseEntityId(request.params.id)),
  );
  app.put(
    '/sales/subscriptions/:id',
    {
      config: roles,
      schema: {
        ...doc('editorUpdateSubscription', 'Saves a subscription read at `version` (409 CATALOGUE_STALE_EDIT)'),
        params: idParamsSchema,
        body: subscriptionUpdateSchema,
        response: { 200: subscriptionEditorViewSchema, ...refusalResponses },
      },
    },
    async (request) =>
      editor.saveSubscription(actor(request), request.body.subscription, { id: parseEntityId(request.params.id), version: request.body.version }),
  );

  /* vouchers */
  app.get(
    '/sales/vouchers',
    {
      config: roles,
      schema: {
        ...doc('editorListVouchers', 'Every voucher with its values and stock'),
        response: { 200: z.array(voucherEditorViewSchema), ...refusalResponses },
      },
    },
    async () => editor.listVouchers(),
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
    async (request) => editor.saveVoucher(actor(request), request.body, null),
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
    async (request) => editor.getVoucher(parseEntityId(request.params.id)),
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
    async (request) => editor.saveVoucher(actor(request), request.body.voucher, { id: parseEntityId(request.params.id), version: request.body.version }),
  );
};
