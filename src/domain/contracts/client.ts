/** Client accounts (spec sections 3 and 6); the shapes are written once, in client.schema.ts. */
import type { z } from 'zod';
import type {
  accountSchema,
  accountExportSchema,
  clientResponseSchema,
  clientSchema,
  clientSubscriptionSchema,
  loginRequestSchema,
  tokenSignInRequestSchema,
} from './client.schema.ts';

export type ClientSubscription = z.infer<typeof clientSubscriptionSchema>;
export type Client = z.infer<typeof clientSchema>;
/** GET /api/client answers the signed-in client, or null for an anonymous visitor. */
export type ClientResponse = z.infer<typeof clientResponseSchema>;
export type LoginRequest = z.input<typeof loginRequestSchema>;
/** POST /api/client: exchanges a one-time sign-in token (from a sign-in link) for a session. */
export type TokenSignInRequest = z.input<typeof tokenSignInRequestSchema>;
/** GET /api/client/account. */
export type Account = z.infer<typeof accountSchema>;
export type AccountExport = z.infer<typeof accountExportSchema>;
