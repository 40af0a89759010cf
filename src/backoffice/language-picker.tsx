/** The back office's interface language (en, nl, es, de, fr). */
import { useTranslation } from 'react-i18next';
import { LANGUAGES, normaliseLanguage } from '#domain/languages.ts';
import { rememberLanguage } from './i18n.ts';

export function LanguagePicker() {
  const { t, i18n } = useTranslation('backoffice');
  return (
    <label className="bo-language">
      <span className="bo-visually-hidden">{t('language.label')}</span>
      <select
        value={i18n.resolvedLanguage ?? i18n.language}
        onChange={(event) => {
          const language = normaliseLanguage(event.target.value) ?? 'en';
          rememberLanguage(language);
          void i18n.changeLanguage(language);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`language.names.${language}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
