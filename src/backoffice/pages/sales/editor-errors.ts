/**
 * Field errors of the sales editors in the reader's language: a rule the form's zod schema found
 * (react-hook-form's error: its `type` is zod's issue code, a custom issue's message its rule) or one
 * the API answered in `fields` (same names: `value`, `texts.en.title`…). Strings: `rules.<rule>`.
 */
import type { TFunction } from 'i18next';
import { get, type FieldErrors, type FieldValues } from 'react-hook-form';
import { BackofficeApiError } from '../../api.ts';

export function serverFields(error: unknown): Record<string, string> {
  return error instanceof BackofficeApiError ? error.fields : {};
}

export function fieldErrorText(t: TFunction, errors: FieldErrors<FieldValues>, server: Record<string, string>, name: string): string | undefined {
  const found = get(errors, name) as { type?: string; message?: string } | undefined;
  const fallback = t('rules.invalid');
  if (found && (found.type || found.message)) {
    const rule = found.type === 'custom' ? (found.message ?? 'invalid') : (found.type ?? 'invalid');
    return t(`rules.${rule}`, { defaultValue: fallback });
  }
  const rule = server[name];
  return rule ? t(`rules.${rule}`, { defaultValue: fallback }) : undefined;
}

/** '' → null, anything else → a number (an empty optional number input). */
export const optionalNumber = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

/** An ISO instant → the value of a datetime-local input in the reader's time zone, and back. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}
export const fromLocalInput = (value: unknown) => (typeof value === 'string' && value !== '' ? new Date(value).toISOString() : null);
