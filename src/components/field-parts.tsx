/**
 * What every form field shares: ids that tie the label, hint and error message to the control,
 * and the hint and error elements themselves. Used by text-field, text-area and checkbox-field.
 */
import { useId, type ReactNode } from 'react';

export interface FieldBaseProps {
  /** Translated label. */
  label: ReactNode;
  /** Extra help under the control. */
  hint?: ReactNode;
  /** Translated error message; when present the control is marked invalid. */
  error?: string | null;
  /** Shows a required marker and sets aria-required (the browser's own validation stays off). */
  required?: boolean;
  id?: string;
  'aria-describedby'?: string;
}

export function useFieldIds(id: string | undefined, props: Pick<FieldBaseProps, 'hint' | 'error' | 'aria-describedby'>) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [props.hint ? hintId : null, props.error ? errorId : null, props['aria-describedby'] ?? null].filter(Boolean).join(' ');
  return { controlId, hintId, errorId, describedBy: describedBy || undefined };
}

export function FieldLabel({ htmlFor, label, required }: { htmlFor: string; label: ReactNode; required?: boolean }) {
  return (
    <label className="field__label" htmlFor={htmlFor}>
      {label}
      {required ? (
        <span className="field__required" aria-hidden="true">
          {' *'}
        </span>
      ) : null}
    </label>
  );
}

export function FieldMessages({ hint, hintId, error, errorId }: { hint?: ReactNode; hintId: string; error?: string | null; errorId: string }) {
  return (
    <>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </>
  );
}

export function controlClassName(error: string | null | undefined, base = 'field__input'): string {
  return error ? `${base} is-invalid` : base;
}
