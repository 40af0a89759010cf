/**
 * GET /api/backoffice/products/{productId}/slots/{slotId}/waitlist: a slot's waiting list for staff
 * (issue 22 item 2), in arrival order, each entry with its status as of now (waitlist-view.ts).
 *
 * Roles: STAFF_ACCESS.schedules (owner, manager). The list belongs to a slot's capacity planning
 * (whoever raises a capacity or reopens a slot wants to know who waits) and is opened from the slot
 * calendar, which box office and gate cannot open; it lists shoppers' e-mail addresses, so it goes to
 * no more roles than need it.
 */
import { z } from 'zod';
import { STAFF_ACCESS } from '#domain/backoffice/staff-roles.ts';
import { waitlistStaffStatus, waitlistStaffViewSchema } from '#domain/backoffice/waitlist-view.ts';
import { access } from '../../openapi/api-description.ts';
import { refusalResponses } from '../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../plugins/zod-type-provider.ts';
import { parseEntityId } from '../../lib/entity-id.ts';

const params = z.object({
  productId: z.string().describe('A product id (a positive whole number; else 400 INVALID_ID)'),
  slotId: z.string().describe('A slot (plot) id of that product'),
});

export const waitlistStaffRoutes: ZodRoutes = async (app) => {
  app.get(
    '/products/:productId/slots/:slotId/waitlist',
    {
      config: { staffRoles: STAFF_ACCESS.schedules },
      schema: {
        operationId: 'getSlotWaitlist',
        summary: "A slot's waiting list in arrival order: e-mail, quantity, language, status (waiting, offered with the hold's expiry, used, expired, ended)",
        tags: ['backoffice'],
        security: access.staff,
        params,
        response: { 200: waitlistStaffViewSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const productId = parseEntityId(request.params.productId);
      const slotId = parseEntityId(request.params.slotId);
      const { slot, entries } = await app.services.waitlist.staffList(productId, slotId);
      const now = app.clock.now();
      return {
        slot: { id: slot.id, product_id: slot.productId, date: slot.date, start_time: slot.startTime },
        entries: entries.map((entry, index) => {
          const status = waitlistStaffStatus(entry, now);
          return {
            position: index + 1,
            email: entry.email,
            quantity: entry.quantity,
            language: entry.language,
            status,
            hold_expires_at: status === 'offered' && entry.holdExpiresAt ? entry.holdExpiresAt.toISOString() : null,
            joined_at: entry.createdAt.toISOString(),
          };
        }),
      };
    },
  );
};
