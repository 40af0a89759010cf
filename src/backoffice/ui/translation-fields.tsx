/**
 * One text of an entity in each of the shop's languages (a label, a name, a question…): an input per
 * language, the default language's first and marked required (the storefront falls back to it,
 * translate() in src/domain/languages.ts). Works with react-hook-form through `control(path)`:
 *
 *   <TranslationFields legend={t('name')} shop={shop}
 *     field="name" control={(path) => register(path as Path<Form>)} problem={problem} />
 */
import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '#domain/languages.ts';
import { StackedField } from '../../components/field-parts.tsx';
import type { ShopLanguages } from '../api/languages.ts';

type ControlProps = InputHTMLAttributes<HTMLInputElement> & TextareaHTMLAttributes<HTMLTextAreaElement>;

export function TranslationFields({
  legend,
  shop: { languages, default_language: defaultLanguage },
  field,
  control,
  problem,
  multiline = false,
  hint,
}: {
  legend: string;
  shop: ShopLanguages;
  /** The text's key inside `texts.<language>`. */
  field: string;
  control: (path: string) => object;
  problem?: (path: string) => string | undefined;
  multiline?: boolean;
  hint?: string;
}) {
  const { t } = useTranslation('backoffice');
  const ordered = [defaultLanguage, ...languages.filter((language) => language !== defaultLanguage)];
  return (
    <fieldset className="bo-fieldset">
      <legend>{legend}</legend>
      {ordered.map((language) => {
        const path = `texts.${language}.${field}`;
        const props = control(path) as ControlProps;
        return (
          <StackedField
            key={language}
            label={`${t(`language.names.${language}`)}${language === defaultLanguage ? ` (${t('translations.requiredMark')})` : ''}`}
            error={problem?.(path)}
            {...(hint && language === defaultLanguage ? { hint } : {})}
          >
            {(aria) =>
              multiline ? (
                <textarea {...aria} {...props} lang={language} />
              ) : (
                <input {...aria} {...props} lang={language} required={language === defaultLanguage} />
              )
            }
          </StackedField>
        );
      })}
    </fieldset>
  );
}

/**
 * `texts` kept to `languages`: a form keeps the values of languages it no longer shows (one the shop
 * stopped offering), which the API would refuse as `language_not_offered`.
 */
export function onlyLanguages<T>(texts: Partial<Record<Language, T>>, languages: readonly Language[]): Partial<Record<Language, T>> {
  return Object.fromEntries(Object.entries(texts).filter(([language]) => languages.includes(language as Language))) as Partial<Record<Language, T>>;
}
