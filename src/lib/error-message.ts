/**
 * The translation keys for an API failure (spec section 8): `errors:<code in lower case>`, falling
 * back to `errors:unexpected` ("Unexpected error") for a failure without a code or with a code
 * the locales do not know yet. Pass the array to `t()`: i18next uses the first key it has.
 */
import { isApiError } from './api-client.ts';

export function errorMessageKeys(error: unknown): string[] {
  const code = isApiError(error) ? error.code : null;
  return code ? [`errors:${code.toLowerCase()}`, 'errors:unexpected'] : ['errors:unexpected'];
}
