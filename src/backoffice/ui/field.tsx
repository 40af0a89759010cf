/**
 * A labelled form control with its hint and its error, wired for screen readers (aria-describedby,
 * aria-invalid). Works with react-hook-form's `register` (spread it into `input`) or plain props.
 *
 *   <Field label={t('slug')} error={errors.slug && t(errors.slug.message)} hint={t('slugHint')}>
 *     {(props) => <input {...props} {...register('slug')} />}
 *   </Field>
 */
import { useId, type ReactNode } from 'react';

export interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

export function Field({
  label,
  hint,
  error,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  children: (props: ControlProps) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="bo-field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <span id={hintId} className="bo-hint">
          {hint}
        </span>
      ) : null}
      {children({ id, ...(describedBy ? { 'aria-describedby': describedBy } : {}), ...(error ? { 'aria-invalid': true } : {}) })}
      {error ? (
        <span id={errorId} className="bo-field-error">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** A checkbox with its label after it (the box is the target; the label enlarges it). */
export function CheckField({ label, hint, children }: { label: ReactNode; hint?: ReactNode; children: (props: ControlProps) => ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="bo-check">
      {children({ id, ...(hint ? { 'aria-describedby': hintId } : {}) })}
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <span id={hintId} className="bo-hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
}
