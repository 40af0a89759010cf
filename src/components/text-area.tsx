/** A labelled multi-line input with an optional hint and an error message tied to it. */
import type { ComponentPropsWithRef } from 'react';
import { StackedField, type FieldBaseProps } from './field-parts.tsx';
import './components.css';

export type TextAreaProps = FieldBaseProps & Omit<ComponentPropsWithRef<'textarea'>, 'className' | 'id' | 'required' | 'aria-describedby'>;

export function TextArea({ label, hint, error, required, id, rows = 4, ...textareaProps }: TextAreaProps) {
  return (
    <StackedField label={label} hint={hint} error={error} required={required} id={id} aria-describedby={textareaProps['aria-describedby']}>
      {(control) => <textarea {...textareaProps} {...control} rows={rows} />}
    </StackedField>
  );
}
