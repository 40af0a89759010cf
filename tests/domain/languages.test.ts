import { describe, expect, it } from 'vitest';
import { formattingLocale, languageFromAcceptHeader, normaliseLanguage, translate } from '#domain/languages.ts';
import { formatDay } from '#domain/date-text.ts';
import { formatExpiry } from '../../src/features/reservation/format-expiry.ts';

describe('normaliseLanguage', () => {
  it.each([
    ['en', 'en'],
    ['NL', 'nl'],
    ['nl-BE', 'nl'],
    ['de_AT', 'de'],
    ['ksh', 'de'],
    ['fr', 'fr'],
    ['es-419', 'es'],
    ['it', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%s → %s', (input, expected) => {
    expect(normaliseLanguage(input)).toBe(expected);
  });
});

describe('languageFromAcceptHeader', () => {
  it.each([
    ['nl-NL,nl;q=0.9,en;q=0.8', 'nl'],
    ['it-IT,it;q=0.9,de;q=0.5', 'de'],
    ['en;q=0.2, fr;q=0.9', 'fr'],
    ['ksh', 'de'],
    ['it, pt', null],
    ['*', null],
    ['fr;q=0, es', 'es'],
    ['', null],
  ])('%s → %s', (header, expected) => {
    expect(languageFromAcceptHeader(header)).toBe(expected);
  });
});

describe('translate', () => {
  const texts = {
    en: { title: 'Aquarium', description: 'Fish' },
    nl: { title: 'Aquarium NL', description: '' },
    de: { description: 'Fische' },
  };

  it('uses the requested language field by field, falling back to the default language', () => {
    expect(translate(texts, 'nl', 'en')).toEqual({ title: 'Aquarium NL', description: 'Fish' });
    expect(translate(texts, 'de', 'en')).toEqual({ title: 'Aquarium', description: 'Fische' });
  });

  it('falls back to any language that has the field when the default lacks it', () => {
    expect(translate({ fr: { title: 'Poisson' } }, 'nl', 'en')).toEqual({ title: 'Poisson' });
  });

  it('answers nothing for a field no language has', () => {
    expect(translate<{ title: string }>({}, 'en', 'en').title).toBeUndefined();
  });
});

describe('one English date style', () => {
  it('formats English as British everywhere (day before month), whatever tag the visitor sent', () => {
    expect(formattingLocale('en')).toBe('en-GB');
    expect(formattingLocale('en-US')).toBe('en-GB');
    expect(formattingLocale('de')).toBe('de-DE');
    expect(formatDay('2026-11-24', 'en')).toMatch(/^Tuesday,? 24 November 2026$/);
    expect(formatExpiry('2026-11-24', 'en', 'Europe/Amsterdam')).toMatch(/^Tuesday,? 24 November 2026$/);
    expect(formatExpiry('2026-11-24T15:30:00Z', 'en', 'Europe/Amsterdam')).toMatch(/^Tuesday,? 24 November 2026.*16:30$/);
  });
});
