/**
 * i18next for the storefront. Translations live in locales/<language>/<namespace>.json and are
 * loaded on demand, so a visitor downloads only their language. The choice persists in localStorage.
 */
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, normaliseLanguage, type Language } from '#domain/languages.ts';
import { setApiLanguage } from './api-client.ts';

const STORAGE_KEY = 'shop.language';

// The back office's namespaces (locales/*/backoffice*.json) are its own (src/backoffice/i18n.ts).
const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>(['../../locales/*/*.json', '!../../locales/*/backoffice*.json']);

const lazyLocales: BackendModule = {
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

/** `?lang=` in the address: the language an embedding site (embed.js) passes to its frame. */
function askedLanguage(): Language | null {
  return normaliseLanguage(new URLSearchParams(globalThis.location?.search ?? '').get('lang'));
}

/** The language to start in: the one the address asks for, the visitor's earlier choice, their browser's, else English. */
export function initialLanguage(): Language {
  return askedLanguage() ?? storedLanguage() ?? normaliseLanguage(globalThis.navigator?.language) ?? 'en';
}

/** The running setup; namespaces asked for before it has finished wait for it. */
let started: Promise<unknown> | null = null;

export async function setupI18n(language: Language = initialLanguage()): Promise<typeof i18next> {
  setApiLanguage(language);
  i18next.on('languageChanged', (next) => {
    setApiLanguage(next);
    document.documentElement.lang = next;
  });
  started = i18next
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: 'en',
      supportedLngs: [...LANGUAGES],
      // Only what every page needs; a feature's namespace loads with its route (useTranslation('faq')).
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    });
  await started;
  document.documentElement.lang = language;
  return i18next;
}

/**
 * Loads a route's translations alongside its code (see app/router.tsx), so the page does not
 * first render, suspend on its texts and only then fetch them. Never rejects: a namespace that
 * failed to load is asked for again when the page renders.
 */
export async function loadNamespaces(namespaces: string[]): Promise<void> {
  try {
    await started;
    await i18next.loadNamespaces(namespaces);
  } catch {
    // the page's own useTranslation tries again
  }
}

/** Switches language and remembers it; accepts aliases such as 'ksh'. */
export async function changeLanguage(requested: string): Promise<void> {
  const language = normaliseLanguage(requested) ?? 'en';
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this visit only.
  }
  await i18next.changeLanguage(language);
}
