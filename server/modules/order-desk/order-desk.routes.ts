/**
 * The orders desk's back-office API (issue 21 items 1–3), inside the `/api/backoffice` scope (the
 * staff guard: session, role, CSRF), for box office and up (STAFF_ACCESS.orders):
 *   GET  /orders                               search (number, e-mail, name, ticket or gift card code; filters; keyset pages)
 *   GET  /orders/{number}                      an order's page
 *   GET  /orders/{number}/move?plot=           what moving it would cost (nothing written)
 *   GET  /orders/{number}/slots?from&until     the order's product's slots with free places (where to move it)
 *   GET  /orders/{number}/customer-fields      the shop's customer fields in the order's language (the details form)
 *   GET  /order-filters                        what the search can be filtered by (the products)
 *   POST /orders/{number}/refund               refund (part, tickets) or cancel with a refund — through the gateway, once per key
 *   POST /orders/{number}/move                 to another slot, through the capacity guard
 *   POST /orders/{number}/customer             new customer details, checked by the checkout's rules
 *   POST /orders/{number}/resend               the confirmation mail again
 *   POST /orders/{number}/invoice-paid         an invoice order's invoice recorded as paid
 *   GET  /refund-requests, POST /refund-requests/{id}/accept | decline
 *   GET  /gift-cards, GET /gift-cards/{code}, POST /gift-cards, POST /gift-cards/{code}/adjust | void
 *   GET  /coupons/{code}/uses, GET /passes?email=, POST /passes/{id}/extend
 * Every change to an order is a verb of the one order change (checkout/order-change.ts), which looks the order up
 * once by its number, locks it, writes its history and audit row and tells the visitor; the rest are their modules'.
 */
import { z } from 'zod';
import {
  deskCustomerBodySchema,
  deskMoveBodySchema,
  deskMovePlanSchema,
  deskOrderSchema,
  deskRefundAnswerSchema,
  deskRefundBodySchema,
  clientPassesSchema,
  couponUsesSchema,
  giftCardAdjustBodySchema,
  giftCardLookupSchema,
  giftCardIssueBodySchema,
  giftCardSchema,
  giftCardVoidBodySchema,
  passExtendBodySchema,
  refundRequestDeclineBodySchema,
  refundRequestSchema,
  orderSearchPageSchema,
  orderSearchQuerySchema,
} from '#domain/contracts/backoffice-orders.schema.ts';
import { productListRowSchema } from '#domain/backoffice/catalogue-editor.ts';
import { calendarQuerySchema, calendarSlotsSchema } from '#domain/contracts/schedules.schema.ts';
import { customerFieldSchema } from '#domain/contracts/organisation.schema.ts';
import { normaliseLanguage } from '#domain/languages.ts';
import type { Customer } from '#domain/customer.ts';
import { toAmount, toCents } from '#domain/money.ts';
import { STAFF_ACCESS } from '#domain/backoffice/staff-roles.ts';
import { access } from '../../openapi/api-description.ts';
import { okSchema, refusalResponses } from '../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../plugins/zod-type-provider.ts';
import type { MovePlan } from '../checkout/index.ts';
import { AppError } from '../../errors.ts';

const orders = { config: { staffRoles: STAFF_ACCESS.orders } } as const;
const id = z.coerce.number().int().positive().max(2_147_483_647);
const numberParams = z.strictObject({ number: id });
const idParams = z.strictObject({ id });
const codeParams = z.strictObject({ code: z.string().min(1).max(100) });
const page = { before: id.optional(), limit: z.coerce.number().int().min(1).max(100).default(50) };
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const doc = (operationId: string, summary: string) => ({ operationId, summary, tags: ['backoffice' as const], security: access.staff });

const movePlan = (plan: MovePlan) => ({
  from_plot: plan.fromPlotId,
  to_plot: plan.toPlotId,
  total: toAmount(plan.totalCents),
  new_total: toAmount(plan.newTotalCents),
  difference: toAmount(plan.differenceCents),
});

type GiftCardRow = {
  code: string;
  creditCents: number;
  valueCents: number | null;
  expiresOn: string | null;
  voidedAt: Date | null;
  orderId: number | null;
  createdAt: Date;
};
const giftCardOut = (card: GiftCardRow) => ({
  code: card.code,
  credit: toAmount(card.creditCents),
  value: card.valueCents === null ? null : toAmount(card.valueCents),
  expires_on: card.expiresOn,
  voided_at: iso(card.voidedAt),
  sold_by_order: card.orderId,
  created_at: card.createdAt.toISOString(),
});

export const orderDeskRoutes: ZodRoutes = async (app) => {
  const { orderDesk, orderChanges, refundRequestInbox, giftCardDesk, passDesk, schedules, organisation, catalogueEditing } = app.services;
  /** The signed-in staff member, as the one order change names its actor. */
  const staff = (request: { staff: { id: number } | null }) => ({ kind: 'staff' as const, staffId: request.staff!.id });
  const staffId = (request: { staff: { id: number } | null }) => request.staff!.id;
  const order = (request: { params: { number: number } }) => ({ orderNumber: request.params.number });

  app.get(
    '/orders',
    {
      ...orders,
      schema: {
        ...doc('searchOrders', 'Search orders by number, e-mail, name, ticket or gift card code, with filters'),
        querystring: orderSearchQuerySchema,
        response: { 200: orderSearchPageSchema, ...refusalResponses },
      },
    },
    async (request) => orderDesk.search(request.query),
  );

  app.get(
    '/orders/:number',
    {
      ...orders,
      schema: {
        ...doc('getDeskOrder', "An order's page: lines, customer, payment and refunds, tickets, mails, timeline"),
        params: numberParams,
        response: { 200: deskOrderSchema, ...refusalResponses },
      },
    },
    async (request) => orderDesk.order(request.params.number),
  );

  app.get(
    '/order-filters',
    {
      ...orders,
      schema: {
        ...doc('getOrderFilters', 'What the orders search can be filtered by: every product (any state), with its titles per language'),
        response: {
          200: z.strictObject({
            products: z.array(
              z.strictObject({ id: productListRowSchema.shape.id, slug: productListRowSchema.shape.slug, texts: productListRowSchema.shape.texts }),
            ),
          }),
          ...refusalResponses,
        },
      },
    },
    async () => ({ products: (await catalogueEditing.products.listProducts()).map(({ id, slug, texts }) => ({ id, slug, texts })) }),
  );

  app.get(
    '/orders/:number/slots',
    {
      ...orders,
      schema: {
        ...doc('listOrderMoveSlots', "The order's product's slots from one day to another (at most 62 days) with sold, held and free places"),
        params: numberParams,
        querystring: calendarQuerySchema,
        response: { 200: calendarSlotsSchema, ...refusalResponses },
      },
    },
    async (request) => {
      const booked = await orderDesk.booking(request.params.number);
      if (booked.productId === null || booked.plotId === null) throw new AppError('ORDER_NOT_MOVABLE', 409, 'Only a booking of a time slot can be moved');
      const slots = await schedules.listCalendar(booked.productId, request.query);
      return slots.map((slot) => ({ ...slot, free: slot.capacity === null ? null : Math.max(0, slot.capacity - slot.sold - slot.held) }));
    },
  );

  app.get(
    '/orders/:number/customer-fields',
    {
      ...orders,
      schema: {
        ...doc('getOrderCustomerFields', "The shop's customer fields in the order's language, and whether it takes business customers"),
        params: numberParams,
        response: { 200: z.strictObject({ fields: z.array(customerFieldSchema), allow_business: z.boolean() }), ...refusalResponses },
      },
    },
    async (request) => {
      const booked = await orderDesk.booking(request.params.number);
      const shop = await organisation.getOrganisation(normaliseLanguage(booked.language));
      return { fields: shop.fields, allow_business: shop.shop.allow_business };
    },
  );

  app.get(
    '/orders/:number/move',
    {
      ...orders,
      schema: {
        ...doc('previewOrderMove', 'What moving the booking to another slot would cost (nothing is changed)'),
        params: numberParams,
        querystring: z.strictObject({ plot: id }),
        response: { 200: deskMovePlanSchema, ...refusalResponses },
      },
    },
    async (request) => movePlan(await orderChanges.previewMove(order(request), request.query.plot)),
  );

  app.post(
    '/orders/:number/refund',
    {
      ...orders,
      schema: {
        ...doc('refundOrder', 'Refund part of an order (or tickets), or cancel it with a refund, through the gateway that took the money'),
        params: numberParams,
        body: deskRefundBodySchema,
        response: { 200: deskRefundAnswerSchema, ...refusalResponses },
      },
    },
    async (request) => {
      const { amount, tickets, cancel, key, reason } = request.body;
      const result = await orderChanges.refund(staff(request), order(request), { amountCents: toCents(amount), tickets, cancel, key, reason });
      return { done: result.done, refunded: toAmount(result.refundCents), tickets: result.tickets, status: result.status };
    },
  );

  app.post(
    '/orders/:number/move',
    {
      ...orders,
      schema: {
        ...doc('moveOrder', 'Move the booking to another slot through the capacity guard'),
        params: numberParams,
        body: deskMoveBodySchema,
        response: { 200: deskMovePlanSchema, ...refusalResponses },
      },
    },
    async (request) => movePlan(await orderChanges.move(staff(request), order(request), request.body.plot)),
  );

  app.post(
    '/orders/:number/customer',
    {
      ...orders,
      schema: {
        ...doc('changeOrderCustomer', "Change the order's customer details (checked by the checkout's customer rules)"),
        params: numberParams,
        body: deskCustomerBodySchema,
        response: { 200: okSchema, ...refusalResponses },
      },
    },
    async (request) => {
      const sent = request.body.customer;
      const customer: Customer = {
        first_name: sent.first_name.trim(),
        last_name: sent.last_name.trim(),
        email: sent.email.trim(),
        company: sent.company?.trim() || null,
        vat_id: sent.vat_id?.trim() || null,
        address: sent.address?.trim() || null,
        zipcode: sent.zipcode?.trim() || null,
        city: sent.city?.trim() || null,
        fields: sent.fields,
      };
      await orderChanges.changeCustomer(staff(request), order(request), customer);
      return { ok: true as const };
    },
  );

  app.post(
    '/orders/:number/resend',
    {
      ...orders,
      schema: {
        ...doc('resendOrderConfirmation', 'Send the confirmation mail (with its e-tickets) again'),
        params: numberParams,
        response: { 200: okSchema, ...refusalResponses },
      },
    },
    async (request) => {
      await orderChanges.resendConfirmation(staff(request), order(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/orders/:number/invoice-paid',
    {
      ...orders,
      schema: {
        ...doc('markInvoicePaid', "Record an invoice order's invoice as paid"),
        params: numberParams,
        response: { 200: okSchema, ...refusalResponses },
      },
    },
    async (request) => {
      await orderChanges.markInvoicePaid(staff(request), order(request));
      return { ok: true as const };
    },
  );

  app.get(
    '/refund-requests',
    {
      ...orders,
      schema: {
        ...doc('listRefundRequests', "The FAQ form's refund requests, newest first, with their orders"),
        querystring: z.strictObject({ status: z.enum(['OPEN', 'ACCEPTED', 'DECLINED']).optional(), ...page }),
        response: { 200: z.strictObject({ requests: z.array(refundRequestSchema), next_before: z.number().int().nullable() }), ...refusalResponses },
      },
    },
    async (request) => {
      const found = await refundRequestInbox.list({ status: request.query.status ?? null, before: request.query.before ?? null, limit: request.query.limit });
      return {
        requests: found.rows.map((row) => ({
          id: row.id,
          first_name: row.first_name,
          last_name: row.last_name,
          email: row.email,
          order_number: row.order_number,
          comment: row.comment,
          language: row.language,
          status: row.status,
          created_at: iso(row.created_at) as string,
          decided_at: iso(row.decided_at),
          order:
            row.order_hash === null
              ? null
              : {
                  number: Number(row.order_number),
                  status: row.order_status ?? '',
                  total: toAmount(row.order_total_cents ?? 0),
                  currency: row.order_currency ?? '',
                  same_email: (row.order_email ?? '').toLowerCase() === row.email.toLowerCase(),
                },
        })),
        next_before: found.more ? (found.rows.at(-1)?.id ?? null) : null,
      };
    },
  );

  app.post(
    '/refund-requests/:id/accept',
    {
      ...orders,
      schema: {
        ...doc('acceptRefundRequest', 'Accept a refund request: its order refunded through the desk, the request marked accepted'),
        params: idParams,
        body: deskRefundBodySchema.omit({ reason: true }),
        response: { 200: deskRefundAnswerSchema, ...refusalResponses },
      },
    },
    async (request) => {
      const { amount, tickets, cancel, key } = request.body;
      const result = await refundRequestInbox.accept(staffId(request), request.params.id, { amountCents: toCents(amount), tickets, cancel, key });
      return { done: result.done, refunded: toAmount(result.refundCents), tickets: result.tickets, status: result.status };
    },
  );

  app.post(
    '/refund-requests/:id/decline',
    {
      ...orders,
      schema: {
        ...doc('declineRefundRequest', 'Decline a refund request: a mail to the visitor in their language'),
        params: idParams,
        body: refundRequestDeclineBodySchema,
        response: { 200: okSchema, ...refusalResponses },
      },
    },
    async (request) => {
      await refundRequestInbox.decline(staffId(request), request.params.id, request.body.reply);
      return { ok: true as const };
    },
  );

  app.get(
    '/gift-cards',
    {
      ...orders,
      schema: {
        ...doc('listGiftCards', 'Gift cards, newest first, or those whose code begins with `q`'),
        querystring: z.strictObject({ q: z.string().max(100).optional(), ...page }),
        response: { 200: z.strictObject({ gift_cards: z.array(giftCardSchema), next_before: z.number().int().nullable() }), ...refusalResponses },
      },
    },
    async (request) => {
      const found = await giftCardDesk.list({ q: request.query.q ?? null, before: request.query.before ?? null, limit: request.query.limit });
      return { gift_cards: found.rows.map(giftCardOut), next_before: found.more ? (found.rows.at(-1)?.id ?? null) : null };
    },
  );

  app.get(
    '/gift-cards/:code',
    {
      ...orders,
      schema: {
        ...doc('getDeskGiftCard', 'A gift card with its adjustments and the payments it paid for'),
        params: codeParams,
        response: { 200: giftCardLookupSchema, ...refusalResponses },
      },
    },
    async (request) => {
      const { card, adjustments, spent } = await giftCardDesk.lookup(request.params.code);
      return {
        gift_card: giftCardOut(card),
        adjustments: adjustments.map((row) => ({ kind: row.kind, delta: toAmount(row.deltaCents), reason: row.reason, at: row.createdAt.toISOString() })),
        spent: spent.map((row) => ({
          amount: toAmount(row.amountCents),
          order_number: row.orderNumber === null ? null : Number(row.orderNumber),
          given_back: row.restoredAt !== null,
          at: row.createdAt.toISOString(),
        })),
      };
    },
  );

  app.post(
    '/gift-cards',
    {
      ...orders,
      schema: {
        ...doc('issueGiftCard', 'Issue a gift card by hand'),
        body: giftCardIssueBodySchema,
        response: { 201: giftCardSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const card = await giftCardDesk.issue(staffId(request), {
        valueCents: toCents(request.body.value),
        expiresOn: request.body.expires_on,
        reason: request.body.reason,
      });
      reply.code(201);
      return giftCardOut(card);
    },
  );

  app.post(
    '/gift-cards/:code/adjust',
    {
      ...orders,
      schema: {
        ...doc('adjustGiftCard', "Change a gift card's credit by an amount, with a reason (never below 0)"),
        params: codeParams,
        body: giftCardAdjustBodySchema,
        response: { 200: giftCardSchema, ...refusalResponses },
      },
    },
    async (request) => giftCardOut(await giftCardDesk.adjust(staffId(request), request.params.code, toCents(request.body.delta), request.body.reason)),
  );

  app.post(
    '/gift-cards/:code/void',
    {
      ...orders,
      schema: {
        ...doc('voidGiftCard', 'Void a gift card: its credit to 0 for good'),
        params: codeParams,
        body: giftCardVoidBodySchema,
        response: { 200: giftCardSchema, ...refusalResponses },
      },
    },
    async (request) => giftCardOut((await giftCardDesk.void(staffId(request), request.params.code, request.body.reason)) as GiftCardRow),
  );

  app.get(
    '/coupons/:code/uses',
    {
      ...orders,
      schema: {
        ...doc('getCouponUses', "A coupon's counters and the orders that used it"),
        params: codeParams,
        querystring: z.strictObject(page),
        response: { 200: couponUsesSchema, ...refusalResponses },
      },
    },
    async (request) => {
      const found = await app.services.couponUses(request.params.code, { before: request.query.before ?? null, limit: request.query.limit });
      return {
        code: found.coupon.code,
        used: found.coupon.usedCount,
        limit: found.coupon.usageLimit,
        uses: found.uses.map((use) => ({
          order_number: use.number,
          status: use.status,
          email: use.email ?? '',
          discount: toAmount(use.discountCents),
          given_back: use.releasedAt !== null,
          at: use.createdAt.toISOString(),
        })),
        next_before: found.more ? (found.uses.at(-1)?.orderId ?? null) : null,
      };
    },
  );

  app.get(
    '/passes',
    {
      ...orders,
      schema: {
        ...doc('getClientPasses', "A client's subscriptions and passes, by the client's e-mail address"),
        querystring: z.strictObject({ email: z.string().min(3).max(320) }),
        response: { 200: clientPassesSchema, ...refusalResponses },
      },
    },
    async (request) => {
      const found = await passDesk.ofClient(request.query.email);
      return {
        client: { id: found.client.id, email: found.client.email, name: `${found.client.firstName} ${found.client.lastName}`.trim() },
        subscriptions: found.subscriptions.map((card) => ({
          id: card.id,
          subscription_id: card.subscriptionId,
          type: card.type,
          visits_left: card.availableRedemptions < 0 ? null : card.availableRedemptions,
          expires_on: card.expiresOn,
          holders: card.passes.map((pass) => ({ name: pass.holderName, birthday: pass.birthday })),
        })),
      };
    },
  );

  app.post(
    '/passes/:id/extend',
    {
      ...orders,
      schema: {
        ...doc('extendClientPass', "Extend a client's subscription to a later expiry date"),
        params: idParams,
        body: passExtendBodySchema,
        response: { 200: z.strictObject({ id: z.number().int(), expires_on: z.string().nullable() }), ...refusalResponses },
      },
    },
    async (request) => {
      const card = await passDesk.extend(staffId(request), request.params.id, request.body.expires_on);
      return { id: request.params.id, expires_on: card?.expiresOn ?? null };
    },
  );
};
