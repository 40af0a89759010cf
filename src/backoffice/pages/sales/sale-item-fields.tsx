/**
 * The fields the sales editors share: a subscription's and a voucher's slug and state, the categories
 * they are listed in and their texts in every shop language (both are items on sale like a product); the
 * customer group a coupon or a subscription is kept to; a checklist of items (products, subscriptions,
 * categories) a record applies to.
 */
import { useQuery } from '@tanstack/react-query';
import { Controller, type Control, type FieldValues, type Path, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { normaliseLanguage, translate, type Translations } from '#domain/languages.ts';
import { StackedField } from '../../../components/field-parts.tsx';
import { categoriesQuery } from '../../api/categories.ts';
import { customerGroupsQuery } from '../../api/customer-groups.ts';
import { shopLanguagesQuery } from '../../api/languages.ts';
import { SlugField, StateField } from '../../ui/catalogue-fields.tsx';
import { optionalNumber } from '../../ui/editor-form.ts';
import { IdChecklist } from '../../ui/id-checklist.tsx';
import { TranslationsFields } from '../../ui/translations-fields.tsx';

interface Parts<T extends FieldValues> {
  register: UseFormRegister<T>;
  error: (path: string) => string | undefined;
}

export function SlugAndState<T extends FieldValues>({ register, error }: Parts<T>) {
  const { t } = useTranslation('backoffice-sales');
  return (
    <>
      <SlugField register={register} label={t('slug')} hint={t('slugHint')} error={error('slug')} />
      <StateField register={register} label={t('state')} error={error('state')} />
    </>
  );
}

/** The items a record applies to, by their titles in the reader's language (ids in the form). */
export function ItemChecklist<T extends FieldValues>({
  control,
  name,
  items,
  legend,
  hint,
}: {
  control: Control<T>;
  name: string;
  items: readonly { id: number; slug: string; texts: Translations<{ title: string }> }[] | undefined;
  legend: string;
  hint?: string | undefined;
}) {
  const { i18n } = useTranslation();
  const language = normaliseLanguage(i18n.language) ?? 'en';
  return (
    <Controller
      control={control}
      name={name as Path<T>}
      render={({ field }) => (
        <IdChecklist
          legend={legend}
          hint={hint}
          options={(items ?? []).map((item) => ({ id: item.id, label: translate(item.texts, language, 'en').title ?? item.slug }))}
          value={(field.value as number[] | undefined) ?? []}
          onChange={field.onChange}
        />
      )}
    />
  );
}

/** The customer group a record is kept to, or (empty) none. */
export function GroupField<T extends FieldValues>({ register, error, label, hint, none }: Parts<T> & { label: string; hint: string; none: string }) {
  const { i18n } = useTranslation();
  const language = normaliseLanguage(i18n.language) ?? 'en';
  const groups = useQuery(customerGroupsQuery());
  return (
    <StackedField label={label} hint={hint} error={error('customer_group_id')}>
      {(props) => (
        <select {...props} {...register('customer_group_id' as Path<T>, { setValueAs: optionalNumber })}>
          <option value="">{none}</option>
          {(groups.data ?? []).map((group) => (
            <option key={group.id} value={group.id}>
              {translate(group.texts, language, 'en').name ?? String(group.id)}
            </option>
          ))}
        </select>
      )}
    </StackedField>
  );
}

export function CategoriesAndTexts<T extends FieldValues>({ control, register, error }: Parts<T> & { control: Control<T> }) {
  const { t } = useTranslation(['backoffice-sales', 'backoffice-catalogue']);
  const languages = useQuery(shopLanguagesQuery());
  const categories = useQuery(categoriesQuery());
  return (
    <>
      <ItemChecklist control={control} name="category_ids" items={categories.data} legend={t('categories')} />
      {languages.data ? (
        <TranslationsFields
          shop={languages.data}
          fields={[
            { key: 'title', required: true, label: t('title') },
            { key: 'label', label: t('label') },
            { key: 'description', label: t('description'), multiline: true },
          ]}
          register={register}
          errorAt={error}
        />
      ) : null}
    </>
  );
}
