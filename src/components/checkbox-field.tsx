/** A checkbox with its label beside it, an optional hint and an error message tied to it. */
import type { ComponentPropsWithRef } from 'react';
import { controlClassName, FieldLabel, FieldMessages, useFieldIds, type FieldBaseProps } from './field-parts.tsx';
import './components.css';

export type CheckboxFieldProps = FieldBaseProps & Omit<ComponentPropsWithRef<'input'>, 'className' | 'id' | 'required' | 'type' | 'aria-describedby'>;

export function CheckboxField({ label, hint, error, required, id, ...inputProps }: CheckboxFieldProps) {
  const { controlId, hintId, errorId, describedBy } = useFieldIds(id, { hint, error, 'aria-describedby': inputProps['aria-describedby'] });
  return (
    <div className="field field--checkbox">
      <div className="field__row">
        <input
          {...inputProps}
          id={controlId}
          type="checkbox"
          className={controlClassName(error, 'field__checkbox')}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        <FieldLabel htmlFor={controlId} label={label} required={required} />
      </div>
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
