/**
 * What is wrong with a form field, in the reader's language, for every editor: react-hook-form's problem
 * (the shared zod schema's rule: a custom refinement's or the server's as its message, zod's issue code
 * as its type) or the API's refusal (`fields`: path → rule), looked up as `rules.<rule>` in the page's
 * namespace, else `rules.invalid`.
 *
 *   const problem = formProblems(t, form.formState.errors, refusalFields(save.error, 'coupon'));
 *   <StackedField label={t('name')} error={problem('name')}>…</StackedField>
 */
import type { TFunction } from 'i18next';
import { get, type FieldErrors, type FieldValues } from 'react-hook-form';
import { isApiError } from '../../lib/api-client.ts';

/** The `fields` of an API refusal (path → rule), or none; `record` strips the wrapper a save sends (`coupon.code` → `code`). */
export function refusalFields(error: unknown, record?: string): Record<string, string> {
  if (!isApiError(error)) return {};
  if (!record) return error.fields;
  return Object.fromEntries(Object.entries(error.fields).map(([path, rule]) => [path.replace(new RegExp(`^${record}\\.`), ''), rule]));
}

function ruleOf(found: { type?: unknown; message?: unknown } | undefined): string | undefined {
  if (!found) return undefined;
  const message = typeof found.message === 'string' && found.message !== '' ? found.message : undefined;
  if (found.type === 'custom' || found.type === 'server') return message ?? 'invalid';
  return typeof found.type === 'string' ? found.type : message;
}

/** `rules`: where the rules' texts are (`backoffice-catalogue:rules` from another area's page). */
export function formProblems<T extends FieldValues>(t: TFunction, errors: FieldErrors<T>, server: Record<string, string> = {}, rules = 'rules') {
  return (path: string): string | undefined => {
    const rule = ruleOf(get(errors, path) as { type?: unknown; message?: unknown } | undefined) ?? server[path];
    if (rule === undefined) return undefined;
    return t(`${rules}.${rule}`, { defaultValue: t(`${rules}.invalid`) });
  };
}
