/**
 * GET /api/orders/{hash}/details: a paid order as its return page and the link in its mail show it
 * (what was bought, when in the organisation's timezone, the customer, total and fee, the order
 * number people can read out, its e-tickets and whether it may be rebooked), and the answer of
 * POST /api/tickets/verify, the gate's check-in.
 */
import { z } from 'zod';
import { reservationCustomerSchema } from './reservation.schema.ts';

export const paidOrderTicketSchema = z.strictObject({
  position: z.number().int(),
  /** The signed QR content. */
  code: z.string(),
  /** The QR code as an SVG document. */
  qr_svg: z.string(),
});

export const paidOrderSchema = z
  .strictObject({
    hash: z.string(),
    order_number: z.number().int().describe('The number to read out and to rebook with'),
    status: z.literal('PAID'),
    product: z.strictObject({ id: z.number().int(), title: z.string() }),
    plot: z
      .strictObject({ date: z.string(), time: z.strictObject({ start: z.string().nullable(), end: z.string().nullable() }) })
      .nullable()
      .describe("Date (YYYY-MM-DD) and times (HH:MM) in the organisation's timezone"),
    timezone: z.string(),
    quantity: z.number().int(),
    lines: z.array(z.strictObject({ name: z.string(), quantity: z.number().int(), price: z.number() })),
    customer: reservationCustomerSchema,
    currency: z.string(),
    subtotal: z.number(),
    discount: z.number(),
    fee: z.number().describe("The organisation's additions in the total"),
    total: z.number(),
    tickets: z.array(paidOrderTicketSchema),
    rebooking_secret: z.string().nullable().describe('Set when this order may be rebooked: the /rebook/{secret} link'),
    wallets: z
      .strictObject({ apple: z.boolean(), google: z.boolean() })
      .describe('Which wallet passes the shop offers: the order page shows a wallet’s buttons only when true'),
  })
  .meta({ id: 'PaidOrder' });
export type PaidOrder = z.infer<typeof paidOrderSchema>;

export const ticketVerifyRequestSchema = z.object({
  code: z.string().min(1).max(400),
  products: z
    .array(z.number().int().positive())
    .min(1)
    .max(100)
    .optional()
    .describe('The products this gate admits to; a ticket for another product answers wrong_product. Absent: any product'),
});
export const ticketVerifyResponseSchema = z
  .strictObject({
    result: z
      .enum(['valid', 'already_used', 'wrong_day', 'wrong_product', 'unknown'])
      .describe(
        'valid: checked in now; already_used: checked in before; wrong_day: a genuine ticket for another day (shop time), not checked in; ' +
          'wrong_product: a genuine ticket for a product this gate does not admit to, not checked in; unknown: not a valid ticket of this shop',
      ),
    used_at: z.string().nullable(),
    ticket: z
      .strictObject({
        order_number: z.number().int(),
        position: z.number().int(),
        of: z.number().int(),
        product_id: z.number().int(),
        title: z.string(),
        date: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'TicketCheckIn' });
export type TicketVerifyResponse = z.infer<typeof ticketVerifyResponseSchema>;
