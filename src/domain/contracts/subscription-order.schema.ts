/**
 * POST /api/subscriptions, GET /api/client/subscription/{hash} and GET /api/groups/{clientId}
 * (spec sections 3, 5, 7): the payloads and answers as zod schemas, the source of subscription-order.ts's types.
 */
import { z } from 'zod';
import { enrichmentField } from './enrichment.schema.ts';
import { customerSchema, orderPaymentSchema, orderPricesSchema } from './orders.ts';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const quantity = z.number().int().min(0).max(10_000);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** One pass of a PHYSICAL subscription: an existing pass (renewal) or null, its audience and holder. */
export const passRequestSchema = z.object({
  pass: id.nullable().default(null),
  audience: id,
  profile: z.object({ name: z.string().trim().max(200).default(''), birthday: day.nullable().optional() }).default({ name: '' }),
});

export const subscriptionOrderRequestSchema = z.object({
  /** A new anonymous customer sets `password` (spec section 5); a signed-in client sends the client token. */
  customer: customerSchema.extend({ password: z.string().max(1024).nullable().optional() }),
  subscription: z.object({ id, quantity: quantity.optional() }),
  /** `{"<audienceId>": {"quantity": n}}`: passes per audience. */
  audiences: z.record(z.string(), z.object({ quantity })).default({}),
  upsells: z.record(z.string(), z.object({ quantity, price: z.number().min(0).max(1_000_000).optional() })).default({}),
  /** A SUBSCRIPTION coupon code or a gift card code. */
  coupon: z.string().trim().max(100).nullable().optional(),
  /** The renewal hash (/renew/{hash}) of the signed-in client's subscription being renewed. */
  renewal: z.string().max(200).nullable().optional(),
  passes: z.array(passRequestSchema).max(100).default([]),
  simulate: z.boolean().optional(),
  enrichment: enrichmentField,
  /** Order on invoice (a business customer; src/domain/invoice.ts): confirmed with nothing paid online. */
  invoice: z.boolean().optional(),
  language: z.string().max(10).optional(),
  captcha: z.string().max(4000).nullable().optional(),
});

export const subscriptionOrderResponseSchema = z
  .strictObject({
    ok: z.literal(true),
    response: z.strictObject({
      payment: orderPaymentSchema.nullable().describe('null in a simulation'),
      order: z.strictObject({ status: z.string(), hash: z.string() }).nullable().describe('null in a simulation'),
      subscription: z.strictObject({ amount: z.number().describe('the total, 2 decimals'), prices: orderPricesSchema }),
      invoice: z.boolean(),
    }),
  })
  .meta({ id: 'SubscriptionOrderResponse' });

export const subscriptionRenewalSchema = z
  .strictObject({
    id: z.number().int(),
    hash: z.string(),
    renewable: z.boolean(),
    expiration: z.string().nullable(),
    subscription: z.strictObject({ id: z.number().int(), type: z.string(), title: z.string() }),
    passes: z.array(
      z.strictObject({
        id: z.number().int(),
        audience: z.strictObject({ id: z.number().int(), name: z.string() }),
        profile: z.strictObject({
          name: z.strictObject({ full: z.string() }),
          avatar: z.string().nullable(),
          birthday: z.string().nullable(),
          age: z.number().int().nullable(),
        }),
      }),
    ),
  })
  .meta({ id: 'SubscriptionRenewal' });

export const customerGroupsSchema = z.array(z.strictObject({ id: z.number().int(), name: z.string() })).meta({ id: 'CustomerGroups' });
