/**
 * The language choice (spec section 1: en, nl, es, de, fr), each language named in itself. The
 * start-up data is fetched in the new language before switching, so the page changes language in
 * one go instead of falling back to the loading screen; `changeLanguage` remembers the choice.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../domain/languages.ts';
import { changeLanguage } from '../lib/i18n.ts';
import { prefetchStartupData } from './bootstrap.tsx';

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('common');
  const queryClient = useQueryClient();
  const [switchingTo, setSwitchingTo] = useState<string | null>(null);

  async function switchLanguage(event: ChangeEvent<HTMLSelectElement>) {
    const next = event.target.value;
    setSwitchingTo(next);
    try {
      await prefetchStartupData(queryClient, next);
      await changeLanguage(next);
    } finally {
      setSwitchingTo(null);
    }
  }

  return (
    <div className="language-switcher">
      <label className="visually-hidden" htmlFor="language-switcher">
        {t('language.label')}
      </label>
      <select
        id="language-switcher"
        className="language-switcher__select"
        value={switchingTo ?? i18n.language}
        onChange={(event) => void switchLanguage(event)}
        aria-busy={switchingTo !== null}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`language.names.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
