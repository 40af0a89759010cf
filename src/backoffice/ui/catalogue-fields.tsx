/**
 * The fields every catalogue-like record has (products, categories, subscriptions, vouchers; the sort
 * order also audiences, customer fields and FAQ questions), registered at their usual names with
 * react-hook-form: the slug, the state and the sort order. Labels come from the page (its namespace).
 */
import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CATALOGUE_STATES } from '#domain/catalogue-state.ts';
import { StackedField } from '../../components/field-parts.tsx';

interface FieldOf<T extends FieldValues> {
  register: UseFormRegister<T>;
  label: string;
  error?: string | undefined;
}

export function SlugField<T extends FieldValues>({ register, label, hint, error }: FieldOf<T> & { hint: string }) {
  return (
    <StackedField label={label} hint={hint} error={error}>
      {(props) => <input {...props} type="text" autoComplete="off" {...register('slug' as Path<T>)} />}
    </StackedField>
  );
}

/** DRAFT, INVISIBLE, PUBLISHED or ARCHIVED, named as the catalogue names them. */
export function StateField<T extends FieldValues>({ register, label, error }: FieldOf<T>) {
  const { t } = useTranslation('backoffice-catalogue');
  return (
    <StackedField label={label} error={error}>
      {(props) => (
        <select {...props} {...register('state' as Path<T>)}>
          {CATALOGUE_STATES.map((state) => (
            <option key={state} value={state}>
              {t(`states.${state}`)}
            </option>
          ))}
        </select>
      )}
    </StackedField>
  );
}

export function SortField<T extends FieldValues>({ register, label, error }: FieldOf<T>) {
  return (
    <StackedField label={label} error={error}>
      {(props) => <input {...props} type="number" step={1} {...register('sort' as Path<T>, { valueAsNumber: true })} />}
    </StackedField>
  );
}
