/** A labelled single-line input with an optional hint and an error message tied to it. */
import type { ComponentPropsWithRef } from 'react';
import { StackedField, type FieldBaseProps } from './field-parts.tsx';
import './components.css';

export type TextFieldProps = FieldBaseProps & Omit<ComponentPropsWithRef<'input'>, 'className' | 'id' | 'required' | 'aria-describedby'>;

export function TextField({ label, hint, error, required, id, type = 'text', ...inputProps }: TextFieldProps) {
  return (
    <StackedField label={label} hint={hint} error={error} required={required} id={id} aria-describedby={inputProps['aria-describedby']}>
      {(control) => <input {...inputProps} {...control} type={type} />}
    </StackedField>
  );
}
