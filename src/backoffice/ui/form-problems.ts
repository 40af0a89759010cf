/**
 * What is wrong with a form field, in the reader's language: react-hook-form's problem (the shared zod
 * schema's issue code) or the API's refusal (`fields`: path → rule), looked up as `rules.<code>` in the
 * page's namespace, else `rules.invalid`.
 *
 *   const problem = formProblems(t, form.formState.errors, refusalFields(save.error));
 *   <Field label={t('name')} error={problem('name')}>…</Field>
 */
import type { TFunction } from 'i18next';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { BackofficeApiError } from '../api.ts';

/** The `fields` of an API refusal (path → rule), or none. */
export function refusalFields(error: unknown): Record<string, string> {
  return error instanceof BackofficeApiError ? error.fields : {};
}

function at(errors: unknown, path: string): { type?: unknown } | undefined {
  let current: unknown = errors;
  for (const key of path.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return typeof current === 'object' && current !== null && 'type' in current ? (current as { type?: unknown }) : undefined;
}

export function formProblems<T extends FieldValues>(t: TFunction, errors: FieldErrors<T>, server: Record<string, string> = {}) {
  return (path: string): string | undefined => {
    const rule = server[path] ?? (at(errors, path)?.type as string | undefined);
    if (rule === undefined) return undefined;
    return t(`rules.${rule}`, { defaultValue: t('rules.invalid') });
  };
}
