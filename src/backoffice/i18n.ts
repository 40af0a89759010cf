/**
 * The back office's i18next, through the one set-up (src/lib/i18n-setup.ts): its own instance, reading only
 * `locales/<lang>/backoffice*.json` (the shell's `backoffice`, each area's `backoffice-<area>`) and
 * `errors.json` (the API's codes) and `history.json` (an order's history, shared with the storefront), loaded on demand. The choice persists apart from the storefront's.
 */
import i18next from 'i18next';
import { chooseLanguage, rememberedLanguage, startI18n, type AppLanguages } from '../lib/i18n-setup.ts';

export const backofficeI18n = i18next.createInstance();

const backoffice: AppLanguages = {
  instance: backofficeI18n,
  // An order's history is said by the same words in both apps (locales/<lang>/history.json).
  files: import.meta.glob<{ default: Record<string, unknown> }>([
    '../../locales/*/backoffice*.json',
    '../../locales/*/errors.json',
    '../../locales/*/history.json',
  ]),
  storageKey: 'backoffice.language',
  namespaces: ['backoffice', 'errors'],
};

export function setupBackofficeI18n(): Promise<void> {
  return startI18n(backoffice, rememberedLanguage(backoffice.storageKey));
}

/** Switches the back office's language and remembers it. */
export const changeBackofficeLanguage = (requested: string): Promise<void> => chooseLanguage(backoffice, requested);
