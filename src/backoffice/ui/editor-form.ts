/**
 * Form helpers shared by the back office's editors (react-hook-form + the domain's zod schemas):
 *
 * - `ruleResolver(schema)`: a resolver that validates with the SAME zod schema the server does and names
 *   each refusal by its rule — a custom refinement's `params.rule` (`min_above_max`…) or snake_case message
 *   (`ends_before_start`), or zod's issue code
 *   (`too_small`…) — exactly as the server's `fields` do, so one translation table serves both.
 * - `showServerFields(error, setError)`: puts a refusal's `fields` (`{ "audiences.0.max_quantity": "min_above_max" }`)
 *   at the form's fields; answers whether any was placed.
 * - `optionalNumber`, `toLocalInput`/`fromLocalInput`: an empty number input as null; an instant in a
 *   datetime-local input and back.
 *
 * The problems' texts: form-problems.ts.
 */
import { toNestErrors } from '@hookform/resolvers';
import { get, type FieldErrors, type FieldValues, type Path, type Resolver, type UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '../../lib/api-client.ts';

export function ruleResolver<Input extends FieldValues, Output extends FieldValues>(schema: z.ZodType<Output, Input>): Resolver<Input, unknown, Output> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: FieldErrors = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      if (errors[path]) continue;
      const params = (issue as { params?: { rule?: unknown } }).params;
      // A custom issue names its rule in params.rule, or (schedule-rules.ts) as a snake_case message.
      const rule =
        issue.code !== 'custom' ? issue.code : typeof params?.rule === 'string' ? params.rule : /^[a-z_]+$/.test(issue.message) ? issue.message : 'invalid';
      errors[path] = { type: rule, message: rule };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}

export function showServerFields<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>): boolean {
  if (!isApiError(error)) return false;
  const entries = Object.entries(error.fields);
  for (const [path, rule] of entries) setError(path as Path<T>, { type: 'server', message: rule });
  return entries.length > 0;
}

/** The rule at a dotted path, if any (a form that words some rules its own way; else form-problems.ts). */
export function ruleAt(errors: FieldErrors, path: string): string | undefined {
  const found = get(errors, path) as { message?: unknown } | undefined;
  return typeof found?.message === 'string' && found.message !== '' ? found.message : undefined;
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

/** Texts without their empty fields and languages (an empty field falls back to the default language's text). */
export function compactTexts<T extends Partial<Record<string, Partial<Record<string, string>> | undefined>>>(texts: T): T {
  const out: Record<string, Record<string, string>> = {};
  for (const [language, fields] of Object.entries(texts)) {
    const kept = Object.fromEntries(Object.entries(fields ?? {}).filter(([, value]) => typeof value === 'string' && value.trim() !== '')) as Record<
      string,
      string
    >;
    if (Object.keys(kept).length > 0) out[language] = kept;
  }
  return out as T;
}
