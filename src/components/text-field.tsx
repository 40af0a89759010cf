/** A labelled single-line input with an optional hint and an error message tied to it. */
import type { ComponentPropsWithRef } from 'react';
import { controlClassName, FieldLabel, FieldMessages, useFieldIds, type FieldBaseProps } from './field-parts.tsx';
import './components.css';

export type TextFieldProps = FieldBaseProps & Omit<ComponentPropsWithRef<'input'>, 'className' | 'id' | 'required' | 'aria-describedby'>;

export function TextField({ label, hint, error, required, id, type = 'text', ...inputProps }: TextFieldProps) {
  const { controlId, hintId, errorId, describedBy } = useFieldIds(id, { hint, error, 'aria-describedby': inputProps['aria-describedby'] });
  return (
    <div className="field">
      <FieldLabel htmlFor={controlId} label={label} required={required} />
      <input
        {...inputProps}
        id={controlId}
        type={type}
        className={controlClassName(error)}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
