/** A refusal's text in the reader's language: the `errors` namespace by code, else a generic line. */
import type { TFunction } from 'i18next';
import { BackofficeApiError } from './api.ts';

export function errorText(t: TFunction, error: unknown): string {
  const code = error instanceof BackofficeApiError ? error.code : null;
  if (code) return t(`errors:${code.toLowerCase()}`, { defaultValue: t('backoffice:errors.generic') });
  return t('backoffice:errors.generic');
}
