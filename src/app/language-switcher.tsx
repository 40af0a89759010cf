/**
 * The storefront's language choice (the shared picker, src/components/language-picker.tsx): the start-up
 * data is fetched in the new language before switching, so the page changes language in one go instead
 * of falling back to the loading screen; `changeLanguage` remembers the choice.
 */
import { useQueryClient } from '@tanstack/react-query';
import { LanguagePicker } from '../components/language-picker.tsx';
import { changeLanguage } from '../lib/i18n.ts';
import { prefetchStartupData } from './bootstrap.tsx';

export function LanguageSwitcher() {
  const queryClient = useQueryClient();
  return (
    <LanguagePicker
      id="language-switcher"
      onChoose={async (next) => {
        await prefetchStartupData(queryClient, next);
        await changeLanguage(next);
      }}
    />
  );
}
