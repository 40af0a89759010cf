/** A labelled select with an optional placeholder option, hint and error message, like the other fields. */
import type { ComponentPropsWithRef } from 'react';
import { controlClassName, FieldLabel, FieldMessages, useFieldIds, type FieldBaseProps } from '../field-parts.tsx';
import '../components.css';

export type SelectFieldProps = FieldBaseProps &
  Omit<ComponentPropsWithRef<'select'>, 'className' | 'id' | 'required' | 'aria-describedby' | 'children'> & {
    options: readonly { value: string; label: string }[];
    /** Text of an empty first option; left out, there is none. */
    placeholder?: string;
  };

export function SelectField({ label, hint, error, required, id, options, placeholder, ...selectProps }: SelectFieldProps) {
  const { controlId, hintId, errorId, describedBy } = useFieldIds(id, { hint, error, 'aria-describedby': selectProps['aria-describedby'] });
  return (
    <div className="field">
      <FieldLabel htmlFor={controlId} label={label} required={required} />
      <select
        {...selectProps}
        id={controlId}
        className={controlClassName(error)}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
