/**
 * i18next for the storefront, through the one set-up of both apps (i18n-setup.ts). Translations live in
 * locales/<language>/<namespace>.json and are loaded on demand, so a visitor downloads only their
 * language. The choice persists in localStorage.
 */
import i18next from 'i18next';
import { normaliseLanguage, type Language } from '#domain/languages.ts';
import { chooseLanguage, rememberedLanguage, startI18n, type AppLanguages } from './i18n-setup.ts';

const storefront: AppLanguages = {
  instance: i18next,
  // The back office's namespaces (locales/*/backoffice*.json) are its own (src/backoffice/i18n.ts).
  files: import.meta.glob<{ default: Record<string, unknown> }>(['../../locales/*/*.json', '!../../locales/*/backoffice*.json']),
  storageKey: 'shop.language',
  // Only what every page needs; a feature's namespace loads with its route (useTranslation('faq')).
  namespaces: ['common'],
};

/** `?lang=` in the address: the language an embedding site (embed.js) passes to its frame. */
function askedLanguage(): Language | null {
  return normaliseLanguage(new URLSearchParams(globalThis.location?.search ?? '').get('lang'));
}

/** The language to start in: the one the address asks for, the visitor's earlier choice, their browser's, else English. */
export function initialLanguage(): Language {
  return askedLanguage() ?? rememberedLanguage(storefront.storageKey);
}

/** The running setup; namespaces asked for before it has finished wait for it. */
let started: Promise<unknown> | null = null;

export async function setupI18n(language: Language = initialLanguage()): Promise<typeof i18next> {
  started = startI18n(storefront, language);
  await started;
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

/** Switches the storefront's language and remembers it. */
export const changeLanguage = (requested: string): Promise<void> => chooseLanguage(storefront, requested);
