/**
 * The rebooking calls (spec sections 3 and 7): POST /api/rebook/validate and its answer. The
 * answer's `token` (a move token: that booking's move only, for an hour) is what an order
 * submission carries as `rebook` (with `rebook_secret`); the order's hash is never answered.
 */
import { z } from 'zod';
import { reservationCustomerSchema } from './reservation.schema.ts';

export const rebookValidateRequestSchema = z.object({
  order: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647).describe('The order number'), email: z.string().trim().min(1).max(320) }),
  secret: z.string().min(1).max(200),
});
export type RebookValidateRequest = z.infer<typeof rebookValidateRequestSchema>;

export const rebookValidateResponseSchema = z
  .strictObject({
    ok: z.literal(true),
    response: z.strictObject({
      token: z.string().describe('The move token: sent as `rebook` with the new order; moves this booking and opens nothing else'),
      expires_at: z.string().describe('When the move token stops working (ISO 8601)'),
      product: z.number().int(),
      plot: z.number().int(),
      status: z.enum(['PAID', 'RESERVED']),
      quantity: z.strictObject({
        product: z.union([z.number().int(), z.record(z.string(), z.number().int())]).describe('A number, or tickets per audience id'),
        upsell: z.record(z.string(), z.number().int()),
      }),
      amount: z.number().describe('What the booking cost'),
      customer: reservationCustomerSchema,
    }),
  })
  .meta({ id: 'RebookValidation' });
export type RebookValidateResponse = z.infer<typeof rebookValidateResponseSchema>;

export const rebookSecretResponseSchema = z.strictObject({ ok: z.literal(true) }).meta({ id: 'RebookSecret' });
