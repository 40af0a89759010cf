/**
 * i18next for both apps, one set-up: each app names its instance, its locale files
 * (locales/<language>/<namespace>.json, loaded on demand, so a reader downloads only their language),
 * the namespaces every page needs and where the reader's choice is remembered: the storefront in
 * i18n.ts, the back office (its own instance, namespaces and bundle) in src/backoffice/i18n.ts. Apart
 * from the storefront's file, so that the back office shares this code and not the storefront's list of files.
 */
import type { BackendModule, i18n as I18n, ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, normaliseLanguage, type Language } from '#domain/languages.ts';
import { setApiLanguage } from './api-client.ts';

/**
 * An app's locale files as `import.meta.glob` gives them, written in the app's own module two folders
 * below the root (src/lib, src/backoffice), so every key reads `../../locales/<language>/<namespace>.json`.
 */
export type LocaleFiles = Record<string, () => Promise<{ default: Record<string, unknown> }>>;

export interface AppLanguages {
  instance: I18n;
  files: LocaleFiles;
  /** Where the reader's choice is remembered (localStorage), each app apart. */
  storageKey: string;
  /** What every page needs; the first is the default namespace. A page's own loads with the page. */
  namespaces: string[];
}

function localeBackend(files: LocaleFiles): BackendModule {
  return {
    type: 'backend',
    init: () => undefined,
    read(language: string, namespace: string, callback: ReadCallback) {
      const load = files[`../../locales/${language}/${namespace}.json`];
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
}

/** The reader's earlier choice in this app, else their browser's language, else English. */
export function rememberedLanguage(storageKey: string): Language {
  let stored: Language | null = null;
  try {
    stored = normaliseLanguage(localStorage.getItem(storageKey));
  } catch {
    // Private mode: nothing is remembered.
  }
  return stored ?? normaliseLanguage(globalThis.navigator?.language) ?? 'en';
}

/** Starts an app's i18next in `language`; the API client and the page's `lang` follow every switch. */
export async function startI18n(app: AppLanguages, language: Language): Promise<void> {
  setApiLanguage(language);
  app.instance.on('languageChanged', (next) => {
    setApiLanguage(next);
    document.documentElement.lang = next;
  });
  await app.instance
    .use(localeBackend(app.files))
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: 'en',
      supportedLngs: [...LANGUAGES],
      ns: app.namespaces,
      defaultNS: app.namespaces[0],
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    });
  document.documentElement.lang = language;
}

/** Switches an app's language and remembers it; accepts aliases such as 'ksh'. */
export async function chooseLanguage(app: AppLanguages, requested: string): Promise<void> {
  const language = normaliseLanguage(requested) ?? 'en';
  try {
    localStorage.setItem(app.storageKey, language);
  } catch {
    // Private mode: the choice lasts for this visit only.
  }
  await app.instance.changeLanguage(language);
}
