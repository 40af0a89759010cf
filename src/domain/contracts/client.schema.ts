/**
 * Client accounts (spec sections 3 and 6) as zod schemas: the API's request and response schemas
 * for /api/client*, and the source of client.ts's types.
 */
import { z } from 'zod';
import { subscriptionTypeSchema } from './catalogue.schema.ts';

export const clientSubscriptionSchema = z.strictObject({
  id: z.number().int(),
  token: z.string(),
  type: subscriptionTypeSchema,
  available_redemptions: z.number().int(),
  subscription: z.strictObject({
    id: z.number().int(),
    title: z.string(),
    products: z.array(z.number().int()).describe('Product ids it can be redeemed against'),
    redemptions: z.number().int().describe('-1 means unlimited'),
    expiration: z.strictObject({ date: z.string().nullable() }),
    price: z.number(),
    audiences: z.array(z.strictObject({ id: z.number().int(), name: z.string() })),
    upsells: z.array(z.number().int()),
  }),
});

export const clientSchema = z
  .strictObject({
    id: z.number().int(),
    name: z.strictObject({ first: z.string(), last: z.string(), full: z.string() }),
    email: z.string(),
    company: z.string().nullable(),
    address: z.string().nullable(),
    zipcode: z.string().nullable(),
    city: z.string().nullable(),
    vat_id: z.string().nullable(),
    token: z.string(),
    fields: z.array(z.strictObject({ id: z.number().int(), value: z.union([z.string(), z.number(), z.boolean(), z.null()]) })),
    subscriptions: z.array(clientSubscriptionSchema),
  })
  .meta({ id: 'Client' });

/** GET /api/client answers the signed-in client, or null for an anonymous visitor. */
export const clientResponseSchema = clientSchema.nullable();

/** POST /api/client/login. */
export const loginRequestSchema = z.object({
  email: z.string().trim().toLowerCase().min(1).max(320),
  password: z.string().min(1).max(1024),
  /** A captcha token: asked for once an account has had too many failed sign-ins from anywhere. */
  captcha: z.string().max(4096).optional(),
});

/** POST /api/client/password: a new password (spec minimum 6) for the signed-in client; every other session ends. */
export const passwordChangeRequestSchema = z.object({
  current_password: z.string().min(1).max(1024),
  password: z.string().min(6).max(1024),
});

/** POST /api/client: exchanges a one-time sign-in token (from a sign-in link) for a session. */
export const tokenSignInRequestSchema = z.object({ token: z.string().trim().min(1).max(200) });
