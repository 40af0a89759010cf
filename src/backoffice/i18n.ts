/**
 * i18next for the back office: its own instance, reading only `locales/<lang>/backoffice*.json`
 * (the shell's `backoffice`, each area's `backoffice-<area>`) and `errors.json` (the API's codes),
 * loaded on demand. The choice persists in localStorage apart from the storefront's.
 */
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, normaliseLanguage, type Language } from '#domain/languages.ts';

const STORAGE_KEY = 'backoffice.language';

const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>(['../../locales/*/backoffice*.json', '../../locales/*/errors.json']);

const backend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = localeFiles[`../../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

function storedLanguage(): Language | null {
  try {
    return normaliseLanguage(localStorage.getItem(STORAGE_KEY));
  } catch {
    return null;
  }
}

export function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts this visit.
  }
}

export const backofficeI18n = i18next.createInstance();

export async function setupBackofficeI18n(): Promise<void> {
  const language = storedLanguage() ?? normaliseLanguage(globalThis.navigator?.language) ?? 'en';
  backofficeI18n.on('languageChanged', (next) => {
    document.documentElement.lang = next;
  });
  await backofficeI18n
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: 'en',
      supportedLngs: [...LANGUAGES],
      ns: ['backoffice', 'errors'],
      defaultNS: 'backoffice',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    });
  document.documentElement.lang = language;
}
