/**
 * A group of checkboxes choosing ids (products a coupon applies to, categories…), as a fieldset with
 * a legend; controlled (use react-hook-form's Controller). Each box is a 44px target with its label.
 *
 *   <Controller control={control} name="product_ids" render={({ field }) =>
 *     <IdChecklist legend={t('products')} options={rows} value={field.value ?? []} onChange={field.onChange} />} />
 */
import type { ReactNode } from 'react';
import { InlineField } from '../../components/field-parts.tsx';

export function IdChecklist({
  legend,
  hint,
  options,
  value,
  onChange,
}: {
  legend: ReactNode;
  hint?: ReactNode;
  options: readonly { id: number; label: string }[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
}) {
  return (
    <fieldset className="bo-fieldset">
      <legend>{legend}</legend>
      {hint ? <p className="bo-hint">{hint}</p> : null}
      <div className="bo-checklist">
        {options.map((option) => (
          <InlineField key={option.id} label={option.label}>
            {(props) => (
              <input
                {...props}
                type="checkbox"
                checked={value.includes(option.id)}
                onChange={(event) => onChange(event.target.checked ? [...value, option.id] : value.filter((id) => id !== option.id))}
              />
            )}
          </InlineField>
        ))}
      </div>
    </fieldset>
  );
}
