/**
 * What every form field shares: ids that tie the label, hint and error message to the control,
 * and the hint and error elements themselves. Used by text-field, text-area, select-field and checkbox-field, and
 * by the back office's forms directly (StackedField, InlineField with the control they render).
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

/**
 * Ids and the attributes that tie a control to its label, hint and error message. Every kind of control
 * (input, textarea, select, checkbox) needs the same ones, so they are worked out here once.
 */
export function useFieldControl({ id, hint, error, required, 'aria-describedby': describedByExtra }: Omit<FieldBaseProps, 'label'>, base = 'field__input') {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null, describedByExtra ?? null].filter(Boolean).join(' ');
  return {
    messages: { hint, hintId, error, errorId },
    control: {
      id: controlId,
      className: controlClassName(error, base),
      'aria-required': required || undefined,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy || undefined,
    },
  };
}

/** The attributes a control gets from useFieldControl, handed to a StackedField's children. */
export type FieldControlProps = ReturnType<typeof useFieldControl>['control'];

/**
 * The usual field layout: label above, control, then hint and error. Text field, text area and select
 * differ only in the control they render, which they give as a function of the tying attributes.
 */
export function StackedField({ children, ...field }: FieldBaseProps & { children: (control: FieldControlProps) => ReactNode }) {
  const { messages, control } = useFieldControl(field);
  return (
    <div className="field">
      <FieldLabel htmlFor={control.id} label={field.label} required={field.required} />
      {children(control)}
      <FieldMessages {...messages} />
    </div>
  );
}

/** The checkbox layout: the box with its label beside it (the label enlarges the target), then hint and error. */
export function InlineField({ children, ...field }: FieldBaseProps & { children: (control: FieldControlProps) => ReactNode }) {
  const { messages, control } = useFieldControl(field, 'field__checkbox');
  return (
    <div className="field field--checkbox">
      <div className="field__row">
        {children(control)}
        <FieldLabel htmlFor={control.id} label={field.label} required={field.required} />
      </div>
      <FieldMessages {...messages} />
    </div>
  );
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

function controlClassName(error: string | null | undefined, base: string): string {
  return error ? `${base} is-invalid` : base;
}
