/**
 * The one mapping from an API failure to the text a reader reads (spec section 8), in both apps. By default:
 * the translation of `errors:<code in lower case>`, falling back to `errors:unexpected`
 * ("Unexpected error") for a failure without a code or with a code the locales do not know yet.
 * Some screens read the failure differently (`ErrorReading`):
 *   reservationSave  a reservation's save: the code's text, or `errors:error_unknown` without a code;
 *   rebookValidate   the rebook validation: the server's `error_info` first, then the code's text;
 */
import type { TFunction } from 'i18next';
import { isApiError } from './api-client.ts';

export type ErrorReading = 'default' | 'reservationSave' | 'rebookValidate';

interface ReadingRule {
  /** The server's human-readable `error_info`, when it sent one, comes before any translation. */
  info: boolean;
  fallback: string;
}

const READINGS: Record<ErrorReading, ReadingRule> = {
  default: { info: false, fallback: 'errors:unexpected' },
  reservationSave: { info: false, fallback: 'errors:error_unknown' },
  rebookValidate: { info: true, fallback: 'errors:unexpected' },
};

/** What to show: the server's own words, or translation keys to pass to `t()` (i18next uses the first it has). */
export type ErrorMessage = { text: string } | { keys: string[] };

/**
 * Refusals that say why in a field: the reason's own text comes first (`errors:<key>.<reason in lower
 * case>`), the code's text after it. PASSWORD_TOO_WEAK's reasons: src/domain/password-rules.ts.
 */
const REASONS: Record<string, { field: string; key: string }> = {
  PASSWORD_TOO_WEAK: { field: 'password', key: 'password_weakness' },
};

export function errorMessage(error: unknown, reading: ErrorReading = 'default'): ErrorMessage {
  const rule = READINGS[reading];
  const apiError = isApiError(error) ? error : null;
  if (rule.info && apiError?.errorInfo) return { text: apiError.errorInfo };
  const code = apiError?.code ?? null;
  if (code === null) return { keys: [rule.fallback] };
  const reasoned = REASONS[code];
  const reason = reasoned ? apiError?.fields[reasoned.field] : undefined;
  const reasonKeys = reasoned && reason ? [`errors:${reasoned.key}.${reason.toLowerCase()}`] : [];
  return { keys: [...reasonKeys, `errors:${code.toLowerCase()}`, rule.fallback] };
}

/**
 * The failure as text, with the reader's `t` (of any namespace: the keys name theirs). The `errors`
 * namespace must be loaded: the back office loads it up front, the storefront behind ApiErrorText's Suspense.
 */
export function errorText(t: TFunction, error: unknown, reading: ErrorReading = 'default'): string {
  const message = errorMessage(error, reading);
  return 'text' in message ? message.text : t(message.keys);
}
