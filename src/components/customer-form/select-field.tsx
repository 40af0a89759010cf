/** A labelled select with an optional placeholder option, hint and error message, like the other fields. */
import type { ComponentPropsWithRef } from 'react';
import { StackedField, type FieldBaseProps } from '../field-parts.tsx';
import '../components.css';

export type SelectFieldProps = FieldBaseProps &
  Omit<ComponentPropsWithRef<'select'>, 'className' | 'id' | 'required' | 'aria-describedby' | 'children'> & {
    options: readonly { value: string; label: string }[];
    /** Text of an empty first option; left out, there is none. */
    placeholder?: string;
  };

export function SelectField({ label, hint, error, required, id, options, placeholder, ...selectProps }: SelectFieldProps) {
  return (
    <StackedField label={label} hint={hint} error={error} required={required} id={id} aria-describedby={selectProps['aria-describedby']}>
      {(control) => (
        <select {...selectProps} {...control}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </StackedField>
  );
}
