/**
 * The API's refusals (spec section 8): each code (error-codes.ts) is translated by the storefront
 * as `errors.<code in lower case>`.
 */
import type { z } from 'zod';
import type { ERROR_CODES } from './error-codes.ts';
import type { apiErrorBodySchema } from './errors.schema.ts';

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * The JSON body of every refusal (written once, in errors.schema.ts). `error_info` carries a
 * human-readable detail where the spec reads one; `fields` a validation failure's field → rule.
 */
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

/** The i18next key under which the storefront translates a code. */
export function errorTranslationKey(code: string): string {
  return `errors.${code.toLowerCase()}`;
}
