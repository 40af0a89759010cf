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

/** A typed e-mail address, trimmed and lower-cased. */
const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(320)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Enter a valid e-mail address');

/** POST /api/client/sign-up: a new account, usable once the link mailed to the address is followed. */
export const signUpRequestSchema = z.object({
  email: emailSchema,
  password: z.string().min(6).max(1024),
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().min(1).max(100),
});

/** POST /api/client/sign-in-link ("forgot password"): a one-time link mailed to the address, if it has an account. */
export const signInLinkRequestSchema = z.object({ email: emailSchema });

/** The answer to both: the same whether the address has an account or not. */
export const mailSentSchema = z.strictObject({ status: z.literal('MAIL_SENT') });

/** POST /api/client/password-reset: a one-time token from a mailed link and the new password → a session. */
export const passwordResetRequestSchema = z.object({ token: z.string().trim().min(1).max(200), password: z.string().min(6).max(1024) });

/** DELETE /api/client: the password again, so that a borrowed session cannot erase an account. */
export const accountDeleteRequestSchema = z.object({ password: z.string().min(1).max(1024) });

const orderStatusSchema = z.enum(['PENDING', 'PAID', 'RESERVED', 'CANCELLED', 'EXPIRED', 'FAILED', 'REFUNDED']);

/** GET /api/client/account: what the account page shows of the signed-in client's own. */
export const accountSchema = z
  .strictObject({
    orders: z.array(
      z.strictObject({
        number: z.number().int(),
        hash: z.string().describe('The order page: /reservation/{hash} for a reservation, /checkout/return/{hash} otherwise'),
        kind: z.enum(['PRODUCT', 'SUBSCRIPTION', 'VOUCHER']),
        status: orderStatusSchema,
        title: z.string(),
        date: z.string().nullable().describe('The visit date of a ticket order (YYYY-MM-DD)'),
        start_time: z.string().nullable(),
        quantity: z.number().int(),
        total: z.number(),
        currency: z.string(),
        created_at: z.string(),
      }),
    ),
    passes: z.array(
      z.strictObject({
        id: z.number().int(),
        title: z.string(),
        type: z.string(),
        expiration: z.string().nullable(),
        available_redemptions: z.number().int().describe('-1 means unlimited'),
        renewable: z.boolean(),
        renewal_hash: z.string().nullable().describe('Renew at /renew/{hash}; null when it cannot be renewed'),
      }),
    ),
    gift_cards: z.array(
      z.strictObject({
        code: z.string(),
        balance: z.number(),
        value: z.number().nullable(),
        expiration: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'Account' });

/** GET /api/client/export: every personal record of the signed-in client, as a JSON download. */
export const accountExportSchema = z.strictObject({
  exported_at: z.string(),
  client: clientSchema,
  account: accountSchema,
});
