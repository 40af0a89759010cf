/**
 * The language choice of both apps (spec section 1: en, nl, es, de, fr), each language named in itself,
 * labelled by `language.label` of the app's default namespace. `onChoose` switches (and may first fetch
 * what the new language needs); the select shows the language being switched to meanwhile.
 *
 * A native select stays (it is the most accessible list there is), but a choice is applied only
 * when it is committed: picked with the pointer or in the opened list, Enter, or leaving the
 * select. Arrow keys, Home/End and typing on the closed select (which fire `change` at each press
 * in Chromium and Firefox on Windows and Linux) only move the choice, so the page does not
 * switch language under the reader at every arrow press.
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '#domain/languages.ts';

/** Keys that move the selection of a closed select without committing it. */
const MOVING_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);
const movesSelection = (event: KeyboardEvent) => !event.altKey && (MOVING_KEYS.has(event.key) || (event.key.length === 1 && event.key !== ' '));

export function LanguagePicker({ id, onChoose }: { id: string; onChoose: (language: string) => Promise<void> }) {
  const { t, i18n } = useTranslation();
  const [switchingTo, setSwitchingTo] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const movedByKey = useRef(false);

  async function switchLanguage(next: string) {
    setPending(null);
    if (next === i18n.language) return;
    setSwitchingTo(next);
    try {
      await onChoose(next);
    } finally {
      setSwitchingTo(null);
    }
  }
  const commitPending = () => {
    if (pending !== null) void switchLanguage(pending);
  };

  return (
    <div className="language-switcher">
      <label className="visually-hidden" htmlFor={id}>
        {t('language.label')}
      </label>
      <select
        id={id}
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
