/**
 * Texts in each of the organisation's languages, for any catalogue editor (products, categories,
 * audiences, upsells…): one fieldset per language, the default language first and marked as required,
 * the others with a hint that an empty field shows the default language's text (the storefront's
 * fallback, translate() in src/domain/languages.ts). Works with react-hook-form: the fields are
 * registered as `<name>.<language>.<field>` (`name` is `texts` unless told: `texts.nl.title`).
 *
 *   <TranslationsFields shop={{ languages: ['en', 'nl'], default_language: 'en' }} register={register}
 *     fields={[{ key: 'title', label: t('title'), required: true }, { key: 'description', label: t('description'), multiline: true }]}
 *     errorAt={(path) => messageFor(path)} />
 */
import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Language } from '#domain/languages.ts';
import { StackedField } from '../../components/field-parts.tsx';
import type { ShopLanguages } from '../api/languages.ts';

export interface TranslatedField {
  key: string;
  label: string;
  /** Required in the default language (the server refuses a save without it). */
  required?: boolean;
  /** A textarea (descriptions: HTML the server sanitises). */
  multiline?: boolean;
}

export function TranslationsFields<T extends FieldValues>({
  name = 'texts',
  shop: { languages, default_language: defaultLanguage },
  fields,
  register,
  errorAt,
}: {
  name?: string;
  shop: ShopLanguages;
  fields: readonly TranslatedField[];
  register: UseFormRegister<T>;
  /** The error to show at a field path (`texts.en.title`), if any. */
  errorAt?: (path: string) => string | undefined;
}) {
  const { t } = useTranslation('backoffice');
  const ordered = [defaultLanguage, ...languages.filter((language) => language !== defaultLanguage)];
  const languageName = (language: Language) => t(`language.names.${language}`);
  return (
    <div className="bo-translations">
      {ordered.map((language) => {
        const main = language === defaultLanguage;
        return (
          <fieldset key={language} className="bo-fieldset" lang={language}>
            <legend>{main ? t('translations.main', { language: languageName(language) }) : languageName(language)}</legend>
            {fields.map((field) => {
              const path = `${name}.${language}.${field.key}`;
              const required = main && field.required;
              return (
                <StackedField
                  key={field.key}
                  label={required ? t('translations.required', { label: field.label }) : field.label}
                  hint={main ? undefined : t('translations.fallback', { language: languageName(defaultLanguage) })}
                  error={errorAt?.(path)}
                >
                  {(props) =>
                    field.multiline ? (
                      <textarea {...props} rows={4} {...register(path as Path<T>)} />
                    ) : (
                      <input {...props} type="text" aria-required={required || undefined} {...register(path as Path<T>)} />
                    )
                  }
                </StackedField>
              );
            })}
          </fieldset>
        );
      })}
    </div>
  );
}
