/**
 * POST /api/vouchers, GET /api/voucher/check/{code} and GET /api/gift-cards/{hash} (spec sections 3,
 * 7 and 8): the voucher order the storefront sends and the server validates, and the answers.
 * Amounts are 2-decimal numbers at this edge; the server prices everything itself.
 */
import { z } from 'zod';
import { enrichmentField } from './enrichment.schema.ts';
import { customerSchema, orderPaymentSchema } from './orders.ts';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const quantity = z.number().int().min(0).max(10_000);

export const voucherOrderRequestSchema = z.object({
  customer: customerSchema,
  fields: z.record(z.string().max(100), z.union([z.string().max(65_535), z.number(), z.boolean(), z.null()])).optional(),
  voucher: z.object({ id, quantity: quantity.optional() }),
  /** `{"<valueId>": {"id": valueId, "quantity": n}}` */
  values: z.record(z.string(), z.object({ id: id.optional(), quantity })).default({}),
  language: z.string().max(10).optional(),
  captcha: z.string().max(4000).nullable().optional(),
  enrichment: enrichmentField,
  /** Order on invoice (a business customer; src/domain/invoice.ts): confirmed with nothing paid online. */
  invoice: z.boolean().optional(),
  rebook: z.string().max(200).nullable().optional(),
  rebook_secret: z.string().max(200).nullable().optional(),
  payment: z.unknown().optional(),
  simulate: z.boolean().optional(),
});
export type VoucherOrderRequest = z.input<typeof voucherOrderRequestSchema>;
export type ParsedVoucherOrderRequest = z.infer<typeof voucherOrderRequestSchema>;

const amount = z.number().describe('2-decimal amount');

export const voucherOrderResponseSchema = z
  .strictObject({
    ok: z.literal(true),
    response: z.strictObject({
      order: z.strictObject({
        status: z.string().nullable().describe('null in a simulation'),
        hash: z.string().nullable().describe('null in a simulation'),
        quantity: z.number().int(),
        invoice: z.boolean(),
        prices: z.strictObject({ subtotal: amount, additions: amount, total: amount }),
      }),
      payment: orderPaymentSchema.nullable().describe('null in a simulation'),
    }),
  })
  .meta({ id: 'VoucherOrderResponse' });
export type VoucherOrderResponse = z.infer<typeof voucherOrderResponseSchema>;

export const voucherCheckResponseSchema = z
  .strictObject({
    code: z.string(),
    credit: amount,
    expiration: z.string().nullable().describe('YYYY-MM-DD, the last day it can be used; null when it never expires'),
  })
  .meta({ id: 'VoucherCheck' });
export type VoucherCheck = z.infer<typeof voucherCheckResponseSchema>;

/** The printable gift card page, reached by the link in the buyer's mail. */
export const giftCardPageSchema = z
  .strictObject({
    code: z.string(),
    credit: amount,
    value: amount.describe('The credit it was issued with'),
    expiration: z.string().nullable(),
    title: z.string(),
    shop: z.string(),
    qr: z.string().describe('The code as a QR code, SVG markup'),
  })
  .meta({ id: 'GiftCardPage' });
export type GiftCardPage = z.infer<typeof giftCardPageSchema>;
