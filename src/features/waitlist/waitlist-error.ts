/** The waiting list's own refusal texts (locales/<lang>/waitlist.json `errors`), by the server's code. */
import { isApiError } from '../../lib/api-client.ts';

export function waitlistErrorKeys(error: unknown): string[] {
  const code = isApiError(error) ? error.code : null;
  return code ? [`waitlist:errors.${code.toLowerCase()}`, 'waitlist:errors.unexpected'] : ['waitlist:errors.unexpected'];
}
