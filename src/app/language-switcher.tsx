/**
 * The language choice (spec section 1: en, nl, es, de, fr), each language named in itself. The
 * start-up data is fetched in the new language before switching, so the page changes language in
 * one go instead of falling back to the loading screen; `changeLanguage` remembers the choice.
 *
 * A native select stays (it is the most accessible list there is), but a choice is applied only
 * when it is committed: picked with the pointer or in the opened list, Enter, or leaving the
 * select. Arrow keys, Home/End and typing on the closed select (which fire `change` at each press
 * in Chromium and Firefox on Windows and Linux) only move the choice, so the page does not
 * switch language under the visitor at every arrow press.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '#domain/languages.ts';
import { changeLanguage } from '../lib/i18n.ts';
import { prefetchStartupData } from './bootstrap.tsx';

/** Keys that move the selection of a closed select without committing it. */
const MOVING_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);
const movesSelection = (event: KeyboardEvent) => !event.altKey && (MOVING_KEYS.has(event.key) || (event.key.length === 1 && event.key !== ' '));

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('common');
  const queryClient = useQueryClient();
  const [switchingTo, setSwitchingTo] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const movedByKey = useRef(false);

  async function switchLanguage(next: string) {
    setPending(null);
    if (next === i18n.language) return;
    setSwitchingTo(next);
    try {
      await prefetchStartupData(queryClient, next);
      await changeLanguage(next);
    } finally {
      setSwitchingTo(null);
    }
  }
  const commitPending = () => {
    if (pending !== null) void switchLanguage(pending);
  };

  return (
    <div className="language-switcher">
      <label className="visually-hidden" htmlFor="language-switcher">
        {t('language.label')}
      </label>
      <select
        id="language-switcher"
        className="language-switcher__select"
        value={switchingTo ?? pending ?? i18n.language}
        onPointerDown={() => {
          movedByKey.current = false;
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commitPending();
            return;
          }
          movedByKey.current = movesSelection(event);
        }}
        onChange={(event) => {
          if (movedByKey.current) setPending(event.target.value);
          else void switchLanguage(event.target.value);
        }}
        onBlur={commitPending}
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
