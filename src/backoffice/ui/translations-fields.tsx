/**
 * Per-language text inputs for an entity's `texts` ({ en: { title, description }, nl: … }): one
 * fieldset per language of the organisation, each with the given fields, registered into a
 * react-hook-form form under `<prefix>.<language>.<field>`. The default language comes first and
 * its `required` field is marked required: the storefront falls back to it (src/domain/languages.ts
 * translate()), so other languages may stay empty. Refusals name fields the way the API does
 * (`texts.en.title`), so `errorFor` can answer the server's field rules too.
 *
 *   <TranslationsFields languages={['en', 'nl']} defaultLanguage="en" required="title"
 *     fields={[{ name: 'title', label: t('title') }, { name: 'description', label: t('description'), multiline: true }]}
 *     register={(name) => register(name as never)} errorFor={(name) => fieldError(name)} />
 *
 * (Written by the sales set-up; the lead may unify it with the catalogue's translations editor.)
 */
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../domain/languages.ts';
import { Field } from './field.tsx';

export interface TranslationField {
  name: string;
  label: string;
  /** A textarea (descriptions; HTML is sanitised by the server). */
  multiline?: boolean;
}

export function TranslationsFields({
  languages,
  defaultLanguage,
  fields,
  required,
  register,
  errorFor,
  prefix = 'texts',
}: {
  languages: readonly Language[];
  defaultLanguage: Language;
  fields: readonly TranslationField[];
  /** The field the default language must have. */
  required: string;
  register: (name: string) => UseFormRegisterReturn;
  errorFor?: (name: string) => ReactNode;
  prefix?: string;
}) {
  const { t } = useTranslation('backoffice');
  const ordered = [defaultLanguage, ...languages.filter((language) => language !== defaultLanguage)];
  return (
    <div className="bo-translations">
      {ordered.map((language) => (
        <fieldset key={language} className="bo-fieldset" lang={language}>
          <legend>
            {t(`language.names.${language}`)}
            {language === defaultLanguage ? ` (${t('translations.main')})` : null}
          </legend>
          {fields.map((field) => {
            const name = `${prefix}.${language}.${field.name}`;
            const isRequired = language === defaultLanguage && field.name === required;
            return (
              <Field key={field.name} label={isRequired ? `${field.label} *` : field.label} error={errorFor?.(name)}>
                {(props) =>
                  field.multiline ? (
                    <textarea {...props} {...register(name)} />
                  ) : (
                    <input {...props} {...register(name)} {...(isRequired ? { 'aria-required': true } : {})} />
                  )
                }
              </Field>
            );
          })}
        </fieldset>
      ))}
    </div>
  );
}
