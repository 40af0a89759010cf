/** A checkbox with its label beside it, an optional hint and an error message tied to it. */
import type { ComponentPropsWithRef } from 'react';
import { InlineField, type FieldBaseProps } from './field-parts.tsx';
import './components.css';

export type CheckboxFieldProps = FieldBaseProps & Omit<ComponentPropsWithRef<'input'>, 'className' | 'id' | 'required' | 'type' | 'aria-describedby'>;

export function CheckboxField({ label, hint, error, required, id, ...inputProps }: CheckboxFieldProps) {
  return (
    <InlineField label={label} hint={hint} error={error} required={required} id={id} aria-describedby={inputProps['aria-describedby']}>
      {(control) => <input {...inputProps} {...control} type="checkbox" />}
    </InlineField>
  );
}
