/**
 * The parts of PayPal's objects the shop reads (Orders v2, captures, refunds, webhook events),
 * as zod schemas: what PayPal answers is checked before it is trusted, and fields the shop does not
 * use are dropped.
 */
import { z } from 'zod';

const money = z.object({ currency_code: z.string(), value: z.string() });

export const captureSchema = z.object({
  id: z.string().min(1),
  /** COMPLETED, DECLINED, FAILED, PENDING, REFUNDED, PARTIALLY_REFUNDED. */
  status: z.string(),
  amount: money.optional(),
  custom_id: z.string().optional(),
  supplementary_data: z.object({ related_ids: z.object({ order_id: z.string().optional() }).optional() }).optional(),
});
export type PayPalCapture = z.infer<typeof captureSchema>;

export const orderSchema = z.object({
  id: z.string().min(1),
  /** CREATED, SAVED, PAYER_ACTION_REQUIRED, APPROVED, VOIDED, COMPLETED. */
  status: z.string(),
  purchase_units: z
    .array(
      z.object({
        custom_id: z.string().optional(),
        amount: money.optional(),
        payments: z.object({ captures: z.array(captureSchema).optional() }).optional(),
      }),
    )
    .default([]),
});
export type PayPalOrder = z.infer<typeof orderSchema>;

export const refundSchema = z.object({ id: z.string().min(1), status: z.string() });

export const verificationSchema = z.object({ verification_status: z.string() });

/** A webhook delivery's body: the envelope; the resource is read per event type. */
export const webhookEventSchema = z.object({
  id: z.string().min(1).max(200),
  event_type: z.string().min(1).max(200),
  resource: z.record(z.string(), z.unknown()).default({}),
});
export type PayPalWebhookEvent = z.infer<typeof webhookEventSchema>;
