/**
 * The fields a subscription and a voucher share (both are items on sale like a product): the slug and
 * state first, then the categories they are listed in and their texts in every shop language.
 */
import { useQuery } from '@tanstack/react-query';
import { Controller, type Control, type FieldValues, type Path, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CATALOGUE_STATES } from '#domain/catalogue-state.ts';
import { normaliseLanguage, translate } from '#domain/languages.ts';
import { StackedField } from '../../../components/field-parts.tsx';
import { categoriesQuery } from '../../api/categories.ts';
import { shopLanguagesQuery } from '../../api/languages.ts';
import { IdChecklist } from '../../ui/id-checklist.tsx';
import { TranslationsFields } from '../../ui/translations-fields.tsx';

interface Parts<T extends FieldValues> {
  register: UseFormRegister<T>;
  error: (path: string) => string | undefined;
}

export function SlugAndState<T extends FieldValues>({ register, error }: Parts<T>) {
  const { t } = useTranslation(['backoffice-sales', 'backoffice-catalogue']);
  return (
    <>
      <StackedField label={t('slug')} hint={t('slugHint')} error={error('slug')}>
        {(props) => <input {...props} autoComplete="off" {...register('slug' as Path<T>)} />}
      </StackedField>
      <StackedField label={t('state')} error={error('state')}>
        {(props) => (
          <select {...props} {...register('state' as Path<T>)}>
            {CATALOGUE_STATES.map((state) => (
              <option key={state} value={state}>
                {t(`backoffice-catalogue:states.${state}`)}
              </option>
            ))}
          </select>
        )}
      </StackedField>
    </>
  );
}

export function CategoriesAndTexts<T extends FieldValues>({ control, register, error }: Parts<T> & { control: Control<T> }) {
  const { t, i18n } = useTranslation(['backoffice-sales', 'backoffice-catalogue']);
  const language = normaliseLanguage(i18n.language) ?? 'en';
  const languages = useQuery(shopLanguagesQuery());
  const categories = useQuery(categoriesQuery());
  return (
    <>
      <Controller
        control={control}
        name={'category_ids' as Path<T>}
        render={({ field }) => (
          <IdChecklist
            legend={t('categories')}
            options={(categories.data ?? []).map((category) => ({ id: category.id, label: translate(category.texts, language, 'en').title ?? category.slug }))}
            value={(field.value as number[] | undefined) ?? []}
            onChange={field.onChange}
          />
        )}
      />
      {languages.data ? (
        <TranslationsFields
          name="texts"
          languages={languages.data.languages}
          defaultLanguage={languages.data.default_language}
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
