/**
 * Back-office schedules and slots (registered inside the `/api/backoffice` scope; owner and manager):
 *   GET   /api/backoffice/schedules                                   every product with days: its schedule's reach
 *   GET   /api/backoffice/products/:productId/schedule                the product's schedule and its revision
 *   PUT   /api/backoffice/products/:productId/schedule                saves it and regenerates the slots
 *   GET   /api/backoffice/products/:productId/slots?from&until        the slot calendar: sold, held, free
 *   PATCH /api/backoffice/products/:productId/slots/:slotId           a single slot's terms
 *   PUT   /api/backoffice/products/:productId/slots/:slotId/closed    closes or opens a slot: what it affects
 *   GET   /api/backoffice/slots?from&until                            every product's slot calendar
 *   POST  /api/backoffice/slots/bulk/preview                          what a bulk change (close, open, capacity) would do
 *   POST  /api/backoffice/slots/bulk                                  the bulk change done (refused whole below what is taken)
 */
import { z } from 'zod';
import {
  calendarQuerySchema,
  calendarSlotsSchema,
  scheduleAnswerSchema,
  scheduleListSchema,
  scheduleSaveAnswerSchema,
  scheduleSaveRequestSchema,
  slotAffectedSchema,
  slotClosedRequestSchema,
  slotBulkPlanSchema,
  slotTermsSchema,
} from '#domain/contracts/schedules.schema.ts';
import { slotBulkRequestSchema } from '#domain/schedule/slot-bulk.ts';
import { STAFF_ACCESS } from '#domain/backoffice/staff-roles.ts';
import { access } from '../../openapi/api-description.ts';
import { okSchema, refusalResponses } from '../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../plugins/zod-type-provider.ts';
import { parseEntityId } from '../../lib/entity-id.ts';

const productParams = z.object({ productId: z.string().describe('A product id (a positive whole number; else 400 INVALID_ID)') });
const slotParams = productParams.extend({ slotId: z.string().describe('A slot (plot) id of that product') });
const config = { staffRoles: STAFF_ACCESS.schedules };
const common = { tags: ['backoffice' as const], security: access.staff };

export const scheduleRoutes: ZodRoutes = async (app) => {
  const service = app.services.schedules;

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/schedules',
    {
      config,
      schema: {
        ...common,
        operationId: 'listSchedules',
        summary: 'Every product with days: its first and last slot ahead and its schedule’s horizon and revision',
        response: { 200: scheduleListSchema, ...refusalResponses },
      },
    },
    async () => service.listSchedules(),
  );

  app.get(
    '/products/:productId/schedule',
    {
      config,
      schema: {
        ...common,
        operationId: 'getProductSchedule',
        summary: 'A product’s schedule (null before the first save) and its revision',
        params: productParams,
        response: { 200: scheduleAnswerSchema, ...refusalResponses },
      },
    },
    async (request) => service.getSchedule(parseEntityId(request.params.productId)),
  );

  app.put(
    '/products/:productId/schedule',
    {
      config,
      schema: {
        ...common,
        operationId: 'saveProductSchedule',
        summary:
          'Saves a product’s schedule and regenerates its slots from today to the horizon: untouched slots replaced, booked ones kept (closed when no longer given); 409 CAPACITY_BELOW_TAKEN (error_info: the places) or SCHEDULE_CHANGED',
        params: productParams,
        body: scheduleSaveRequestSchema,
        response: { 200: scheduleSaveAnswerSchema, ...refusalResponses },
      },
    },
    async (request) =>
      service.saveSchedule(parseEntityId(request.params.productId), request.body.schedule, { revision: request.body.revision, staffId: request.staff!.id }),
  );

  app.get(
    '/products/:productId/slots',
    {
      config,
      schema: {
        ...common,
        operationId: 'listProductSlots',
        summary: 'The slot calendar of a product from one day to another (at most 62 days): every slot with sold, held and free places',
        params: productParams,
        querystring: calendarQuerySchema,
        response: { 200: calendarSlotsSchema, ...refusalResponses },
      },
    },
    async (request) => {
      const slots = await service.listCalendar(parseEntityId(request.params.productId), request.query);
      return slots.map((slot) => ({ ...slot, free: slot.capacity === null ? null : Math.max(0, slot.capacity - slot.sold - slot.held) }));
    },
  );

  app.patch(
    '/products/:productId/slots/:slotId',
    {
      config,
      schema: {
        ...common,
        operationId: 'updateProductSlot',
        summary: 'A single slot’s end, capacity, order limit and price; 409 CAPACITY_BELOW_TAKEN (error_info: the places sold or held)',
        params: slotParams,
        body: slotTermsSchema,
        response: { 200: okSchema, ...refusalResponses },
      },
    },
    async (request) => {
      await service.updateSlot(parseEntityId(request.params.productId), parseEntityId(request.params.slotId), request.body, request.staff!.id);
      return { ok: true as const };
    },
  );

  app.put(
    '/products/:productId/slots/:slotId/closed',
    {
      config,
      schema: {
        ...common,
        operationId: 'setProductSlotClosed',
        summary: 'Closes a slot to new sales (or opens it again); its bookings stay. Answers the places and orders it affects',
        params: slotParams,
        body: slotClosedRequestSchema,
        response: { 200: slotAffectedSchema, ...refusalResponses },
      },
    },
    async (request) =>
      service.setSlotClosed(parseEntityId(request.params.productId), parseEntityId(request.params.slotId), request.body.closed, request.staff!.id),
  );

  const withFree = <Slot extends { capacity: number | null; sold: number; held: number }>(slots: Slot[]) =>
    slots.map((slot) => ({ ...slot, free: slot.capacity === null ? null : Math.max(0, slot.capacity - slot.sold - slot.held) }));

  app.get(
    '/slots',
    {
      config,
      schema: {
        ...common,
        operationId: 'listAllSlots',
        summary: 'The slot calendar of every product from one day to another (at most 62 days): every slot with sold, held and free places',
        querystring: calendarQuerySchema,
        response: { 200: calendarSlotsSchema, ...refusalResponses },
      },
    },
    async (request) => withFree(await service.listAllCalendar(request.query)),
  );

  app.post(
    '/slots/bulk/preview',
    {
      config,
      schema: {
        ...common,
        operationId: 'previewSlotBulkChange',
        summary:
          'What closing, opening or setting the capacity of every slot of a range (one product or all, today or later, at most 62 days) would change, and the bookings it touches (they stay valid); writes nothing',
        body: slotBulkRequestSchema,
        response: { 200: slotBulkPlanSchema, ...refusalResponses },
      },
    },
    async (request) => service.previewBulk(request.body),
  );

  app.post(
    '/slots/bulk',
    {
      config,
      schema: {
        ...common,
        operationId: 'applySlotBulkChange',
        summary:
          'Closes, opens or sets the capacity of every slot of a range; 409 CAPACITY_BELOW_TAKEN (error_info: the places) when a slot would go below what is sold or held, and then nothing changes',
        body: slotBulkRequestSchema,
        response: { 200: slotBulkPlanSchema, ...refusalResponses },
      },
    },
    async (request) => service.applyBulk(request.body, request.staff!.id),
  );
};
