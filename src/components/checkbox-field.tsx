/** A checkbox with its label beside it, an optional hint and an error message tied to it. */
import type { ComponentPropsWithRef } from 'react';
import { FieldLabel, FieldMessages, useFieldControl, type FieldBaseProps } from './field-parts.tsx';
import './components.css';

export type CheckboxFieldProps = FieldBaseProps & Omit<ComponentPropsWithRef<'input'>, 'className' | 'id' | 'required' | 'type' | 'aria-describedby'>;

export function CheckboxField({ label, hint, error, required, id, ...inputProps }: CheckboxFieldProps) {
  const { messages, control } = useFieldControl({ id, hint, error, required, 'aria-describedby': inputProps['aria-describedby'] }, 'field__checkbox');
  return (
    <div className="field field--checkbox">
      <div className="field__row">
        <input {...inputProps} {...control} type="checkbox" />
        <FieldLabel htmlFor={control.id} label={label} required={required} />
      </div>
      <FieldMessages {...messages} />
    </div>
  );
}
