/**
 * The back office's day list and reports as the API answers them (server/modules/reports), shared by
 * the routes' response schemas and the pages (src/backoffice/pages/reports).
 */
import { z } from 'zod';
import { TAX_KINDS } from '../tax.ts';

const amount = z.number();
const named = z.object({ name: z.string(), quantity: z.number().int() });
export const dayListSchema = z.object({
  date: z.string(),
  fields: z.array(z.object({ name: z.string(), label: z.string() })),
  slots: z.array(
    z.object({
      plot_id: z.number().int(),
      product_id: z.number().int(),
      product: z.string(),
      start: z.string().nullable(),
      end: z.string().nullable(),
      capacity: z.number().int().nullable(),
      sold: z.number().int(),
      held: z.number().int(),
      free: z.number().int().nullable(),
      attendees: z.array(
        z.object({
          order_number: z.number().int(),
          status: z.string(),
          name: z.string(),
          email: z.string(),
          quantity: z.number().int(),
          audiences: z.array(named),
          extras: z.array(named),
          fields: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
          checked_in: z.number().int(),
        }),
      ),
    }),
  ),
});
export const reportSchema = z.object({
  from: z.string(),
  to: z.string(),
  sales: z.array(
    z.object({
      day: z.string(),
      product_id: z.number().int().nullable(),
      product: z.string(),
      channel: z.string(),
      orders: z.number().int(),
      visitors: z.number().int(),
      /** Taken: the paid orders placed that day, in full. */
      gross: amount,
      /** Given back that day (refunds queued or done). */
      refunds: amount,
      /** Kept: gross − refunds. */
      net: amount,
      /** The charts' figure: what was kept (= net). */
      revenue: amount,
    }),
  ),
  /** VAT per rate, from the documents' lines (credit notes negative), by day of issue, product and channel. */
  tax: z.array(
    z.object({
      day: z.string(),
      product_id: z.number().int().nullable(),
      product: z.string(),
      channel: z.string(),
      /** Percent: 9, 21, 5.5. */
      rate: z.number(),
      kind: z.enum(TAX_KINDS),
      name: z.string(),
      net: amount,
      tax: amount,
      gross: amount,
    }),
  ),
  totals: z.object({ gross: amount, refunds: amount, net: amount, tax: amount }),
  visitors: z.array(z.object({ day: z.string(), product_id: z.number().int(), product: z.string(), visitors: z.number().int(), checked_in: z.number().int() })),
  occupancy: z.array(
    z.object({
      date: z.string(),
      start: z.string().nullable(),
      product_id: z.number().int(),
      product: z.string(),
      capacity: z.number().int().nullable(),
      sold: z.number().int(),
      held: z.number().int(),
    }),
  ),
  /** Gift-card liability now: issued = redeemed + expired + outstanding (`spent` = redeemed, kept for the charts). */
  gift_cards: z.object({ count: z.number().int(), issued: amount, spent: amount, redeemed: amount, expired: amount, outstanding: amount }),
});

export type DayList = z.infer<typeof dayListSchema>;
export type DayListSlot = DayList['slots'][number];
export type SalesReport = z.infer<typeof reportSchema>;
