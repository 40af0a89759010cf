/**
 * What the reservation page sends (spec sections 5 and 7): PATCH /api/reservation/{hash} with the
 * customer, and the change to another slot or quantity. The answers are the reservation again.
 */
import { z } from 'zod';
import { orderPricesSchema } from './orders.ts';

const text = z.string().max(65535);
const optionalText = text.nullable().optional();
const id = z.number().int().positive().max(2_147_483_647);
const quantity = z.number().int().min(0).max(10_000);

export const reservationCustomerUpdateSchema = z.object({
  customer: z.object({
    first_name: text,
    last_name: text,
    /** Sent as shown; the booking's address is kept (it names the booking for rebooking and mails). */
    email: z.string().max(320).optional(),
    company: optionalText,
    vat_id: optionalText,
    address: optionalText,
    zipcode: optionalText,
    city: optionalText,
    fields: z.record(z.string().max(100), z.union([text, z.number(), z.boolean(), z.null()])).default({}),
  }),
});
export type ReservationCustomerUpdate = z.infer<typeof reservationCustomerUpdateSchema>['customer'];

export const reservationChangeRequestSchema = z.object({
  plot: id,
  quantity: quantity.optional(),
  /** `{"<audienceId>": {"quantity": n}}`, as in an order line. */
  audiences: z.record(z.string(), z.object({ quantity })).optional(),
});
export type ReservationChangeRequest = z.infer<typeof reservationChangeRequestSchema>;

/** POST /api/reservation/{hash}/change/simulate: what the reservation would cost after the change; nothing moves. */
export const reservationChangeSimulationSchema = z.strictObject({ ok: z.literal(true), prices: orderPricesSchema }).meta({ id: 'ReservationChangeSimulation' });
export type ReservationChangeSimulation = z.infer<typeof reservationChangeSimulationSchema>;
