/**
 * GET /api/reservation/{hash} (spec sections 3 and 7) as a zod schema: the API's response schema
 * and the source of reservation.ts's types. Amounts are 2-decimal numbers at this edge.
 */
import { z } from 'zod';
import { historyEntrySchema } from './order-history.schema.ts';
import { capacityTypeSchema, priceTypeSchema } from './catalogue.schema.ts';

export const reservationFieldValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** The customer as the order holds it; extra fields by key (`phone`, `heard_about_us`, ...). */
export const reservationCustomerSchema = z.strictObject({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  vat_id: z.string().nullable(),
  address: z.string().nullable(),
  zipcode: z.string().nullable(),
  city: z.string().nullable(),
  fields: z.record(z.string(), reservationFieldValueSchema),
});

export const reservationRecordSchema = z.strictObject({
  id: z.number().int().describe('The order number'),
  hash: z.string(),
  customer: reservationCustomerSchema,
});

export const reservationAudienceLineSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  quantity: z.number().int(),
  price: z.number().describe('Price of one ticket of this audience'),
});

export const reservationProductSchema = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  image: z.string().nullable().describe("The product's image (its card's), or null"),
  quantity: z.number().int(),
  audiences: z.array(reservationAudienceLineSchema),
  plot: z
    .strictObject({
      id: z.number().int(),
      date: z.string(),
      time: z.strictObject({ start: z.string().nullable(), end: z.string().nullable() }),
    })
    .nullable()
    .describe('null for a product without days; `time.start` null means the whole day'),
  price: z.number().describe('What the tickets of this reservation cost together, before the discount'),
  discount: z.number().describe('The discount on this reservation (0 when none)'),
  types: z.strictObject({ price: priceTypeSchema, capacity: capacityTypeSchema }),
});

export const reservationUpsellSchema = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  quantity: z.number().int(),
  price: z.number().describe('Price of one'),
});

/** Another item reserved in the same checkout; its details are its own reservation, asked by hash. */
export const reservationReferenceSchema = z.strictObject({ id: z.number().int().describe('The order number'), hash: z.string() });

export const reservationResponseSchema = z
  .strictObject({
    reservation: reservationRecordSchema,
    product: reservationProductSchema,
    upsells: z.array(reservationUpsellSchema),
    additional_reservations: z.array(reservationReferenceSchema).describe('The other items reserved in the same checkout'),
    expiration_date: z.string().nullable().describe('When the reserved places stop being kept (ISO date-time); null: kept until paid or cancelled'),
    allow_changes: z.boolean().describe('Whether the customer may change the reservation (spec section 6; default true)'),
    rebooking_secret: z.string().nullable(),
    additions: z
      .array(z.strictObject({ name: z.string(), amount: z.number(), type: z.union([z.literal(0), z.literal(1)]) }))
      .describe("The organisation's additions this reservation pays (type 0: new bookings)"),
    total: z.number().describe('What the payment asks: products + upsells - discount + additions, over the whole checkout'),
    coupons: z.array(z.string()).describe('The coupon codes that take something off this reservation; each can be removed'),
    history: z.array(historyEntrySchema).describe('What happened to the reservation since it was made, in words for the visitor'),
  })
  .meta({ id: 'Reservation' });
