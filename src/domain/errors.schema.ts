/**
 * The body of every refusal as a zod schema: the API's 4xx/5xx response schema (checked outside
 * production, published in /api/openapi.json) and the source of `ApiErrorBody`. Apart from
 * errors.ts, which the storefront imports at run time, so that it bundles no zod.
 */
import { z } from 'zod';
import { ERROR_CODES } from './error-codes.ts';

export const apiErrorBodySchema = z
  .strictObject({
    ok: z.literal(false),
    error: z.enum(ERROR_CODES).describe('Stable upper-case code (spec section 8)'),
    message: z.string(),
    error_info: z.string().optional().describe('A human-readable detail where the spec reads one'),
    fields: z.record(z.string(), z.string()).optional().describe('Per-field problems of a validation failure: field name → rule that failed'),
  })
  .meta({ id: 'ApiErrorBody' });
