/**
 * The reservation page's calls (spec sections 4, 5, 7):
 * GET   /api/reservation/{hash}         a RESERVED order; 404 otherwise.
 * PATCH /api/reservation/{hash}         the customer details (domain rules), answered with the reservation reloaded.
 * POST  /api/reservation/{hash}/change  another slot or quantity, moved atomically; the reservation reloaded.
 * POST  /api/reservation/{hash}/change/simulate  what that change would cost (same checks and pricing), nothing moved.
 * POST  /api/reservation/{hash}/cancel  cancelled, places back at once.
 * DELETE /api/reservation/{hash}/coupons/{code}  the coupon removed, the reservation priced again and reloaded.
 */
import type { FastifyPluginAsync, RawServerDefault } from 'fastify';
import { z } from 'zod';
import {
  reservationChangeRequestSchema,
  reservationChangeSimulationSchema,
  reservationCustomerUpdateSchema,
} from '#domain/contracts/reservation-actions.schema.ts';
import { reservationResponseSchema } from '#domain/contracts/reservation.schema.ts';
import { refusalResponses } from '../../plugins/error-handler.ts';
import type { ZodTypeProvider } from '../../plugins/zod-type-provider.ts';
import { toPrices, type OrderChanges } from '../checkout/index.ts';
import type { ReservationService } from './reservation.service.ts';
import { access } from '../../openapi/api-description.ts';

const params = z.object({ hash: z.string().max(200) });
const cancelledSchema = z.strictObject({ ok: z.literal(true), status: z.literal('CANCELLED') }).meta({ id: 'ReservationCancelled' });

export interface ReservationRoutesOptions {
  /** THE order change: every change of a reservation is one of its verbs, made by the shopper. */
  orderChanges: OrderChanges;
  reservations: ReservationService;
}

export const reservationRoutes: FastifyPluginAsync<ReservationRoutesOptions, RawServerDefault, ZodTypeProvider> = async (
  app,
  { orderChanges, reservations: service },
) => {
  const answer = { 200: reservationResponseSchema, ...refusalResponses };

  app.get(
    '/reservation/:hash',
    {
      schema: {
        operationId: 'getReservation',
        summary: 'A reservation (a RESERVED order)',
        tags: ['reservations'],
        security: access.public,
        params,
        response: answer,
      },
    },
    async (request, reply) => {
      const { hash } = request.params;
      return reply.header('cache-control', 'private, no-store').send(await service.find(hash, request.requestedLanguage));
    },
  );

  app.patch(
    '/reservation/:hash',
    {
      schema: {
        operationId: 'updateReservationCustomer',
        summary: "Change a reservation's customer details",
        tags: ['reservations'],
        security: access.public,
        params,
        body: reservationCustomerUpdateSchema,
        response: answer,
      },
    },
    async (request, reply) => {
      const { hash } = request.params;
      await orderChanges.editReservation({ orderHash: hash }, request.body.customer);
      return reply.header('cache-control', 'no-store').send(await service.find(hash, request.requestedLanguage));
    },
  );

  app.post(
    '/reservation/:hash/change',
    {
      schema: {
        operationId: 'changeReservation',
        summary: 'Move a reservation to another slot or change its quantities',
        tags: ['reservations'],
        security: access.public,
        params,
        body: reservationChangeRequestSchema,
        response: answer,
      },
    },
    async (request, reply) => {
      const { hash } = request.params;
      await orderChanges.changeReservation({ orderHash: hash }, request.body);
      return reply.header('cache-control', 'no-store').send(await service.find(hash, request.requestedLanguage));
    },
  );

  app.post(
    '/reservation/:hash/change/simulate',
    {
      schema: {
        operationId: 'simulateReservationChange',
        summary: 'What a change of slot or quantities would cost; nothing is moved',
        tags: ['reservations'],
        security: access.public,
        params,
        body: reservationChangeRequestSchema,
        response: { 200: reservationChangeSimulationSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const totals = await orderChanges.previewReservation({ orderHash: request.params.hash }, request.body);
      return reply.header('cache-control', 'no-store').send({ ok: true as const, prices: toPrices(totals) });
    },
  );

  const couponParams = z.object({ hash: z.string().max(200), code: z.string().trim().min(1).max(100) });
  app.delete(
    '/reservation/:hash/coupons/:code',
    {
      schema: {
        operationId: 'removeReservationCoupon',
        summary: 'Remove a coupon from a reservation and price it again',
        tags: ['reservations'],
        security: access.public,
        params: couponParams,
        response: answer,
      },
    },
    async (request, reply) => {
      const { hash, code } = request.params;
      await orderChanges.removeCoupon({ orderHash: hash }, code);
      return reply.header('cache-control', 'no-store').send(await service.find(hash, request.requestedLanguage));
    },
  );

  app.post(
    '/reservation/:hash/cancel',
    {
      schema: {
        operationId: 'cancelReservation',
        summary: 'Cancel a reservation: its places are free at once',
        tags: ['reservations'],
        security: access.public,
        params,
        response: { 200: cancelledSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      await orderChanges.cancelReservation({ orderHash: request.params.hash });
      return reply.header('cache-control', 'no-store').send({ ok: true as const, status: 'CANCELLED' as const });
    },
  );
};
