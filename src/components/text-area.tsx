/** A labelled multi-line input with an optional hint and an error message tied to it. */
import type { ComponentPropsWithRef } from 'react';
import { controlClassName, FieldLabel, FieldMessages, useFieldIds, type FieldBaseProps } from './field-parts.tsx';
import './components.css';

export type TextAreaProps = FieldBaseProps & Omit<ComponentPropsWithRef<'textarea'>, 'className' | 'id' | 'required' | 'aria-describedby'>;

export function TextArea({ label, hint, error, required, id, rows = 4, ...textareaProps }: TextAreaProps) {
  const { controlId, hintId, errorId, describedBy } = useFieldIds(id, { hint, error, 'aria-describedby': textareaProps['aria-describedby'] });
  return (
    <div className="field">
      <FieldLabel htmlFor={controlId} label={label} required={required} />
      <textarea
        {...textareaProps}
        id={controlId}
        rows={rows}
        className={controlClassName(error)}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
