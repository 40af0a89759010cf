import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '#domain/error-codes.ts';
import { LANGUAGES } from '#domain/languages.ts';
import type { FieldProblem } from '#domain/validation/field-rules.ts';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('../../../locales/*/*.json', { eager: true, import: 'default' });
// Every namespace English has, so a new feature's file is checked without editing this test.
const NAMESPACES = Object.keys(files)
  .filter((path) => path.includes('/locales/en/'))
  .map((path) => path.replace(/^.*\/locales\/en\/(.+)\.json$/, '$1'))
  .sort();
const FIELD_PROBLEMS: Record<FieldProblem, true> = {
  required: true,
  too_long: true,
  vat_id: true,
  email: true,
  number: true,
  phone: true,
  date: true,
  checkbox: true,
  option: true,
};

function locale(language: string, namespace: string): Tree {
  const tree = files[`../../../locales/${language}/${namespace}.json`];
  if (!tree) throw new Error(`locales/${language}/${namespace}.json is missing`);
  return tree;
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** A language's keys with the plural suffixes folded ("tickets_one", "tickets_many" → "tickets"): what every language must share. */
const baseKeys = (tree: Tree) => [...new Set(keys(tree).map((key) => key.replace(PLURAL_SUFFIX, '')))].sort();

/** Every text of a namespace by key. */
function texts(tree: Tree): [string, string][] {
  return keys(tree).map((key) => [key, key.split('.').reduce<string | Tree>((node, part) => (node as Tree)[part] as string | Tree, tree) as string]);
}

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`)));
}

describe('locales', () => {
  it('finds the namespaces', () => {
    expect(NAMESPACES).toEqual(expect.arrayContaining(['catalogue', 'client', 'common', 'errors', 'faq', 'home', 'validation']));
  });

  it.each(NAMESPACES)('%s has the same keys in all five languages, none empty', (namespace) => {
    const english = baseKeys(locale('en', namespace));
    for (const language of LANGUAGES) {
      expect(baseKeys(locale(language, namespace)), `${language}/${namespace}`).toEqual(english);
      const values = Object.values(locale(language, namespace)).flatMap(function flat(value): string[] {
        return typeof value === 'string' ? [value] : Object.values(value).flatMap(flat);
      });
      expect(values.every((value) => value.trim() !== '')).toBe(true);
    }
  });

  it.each(NAMESPACES)('%s: every text showing a {{count}} has exactly the plural forms its language needs', (namespace) => {
    for (const language of LANGUAGES) {
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories.slice().sort();
      const all = texts(locale(language, namespace));
      for (const [key, text] of all) {
        if (text.includes('{{count}}')) expect(key, `${language}/${namespace}: "${text}" needs _one/_other keys`).toMatch(PLURAL_SUFFIX);
      }
      const plurals = new Map<string, string[]>();
      for (const [key] of all.filter(([key]) => PLURAL_SUFFIX.test(key))) {
        const base = key.replace(PLURAL_SUFFIX, '');
        plurals.set(base, [...(plurals.get(base) ?? []), key.slice(base.length + 1)]);
      }
      for (const [base, forms] of plurals) expect(forms.sort(), `${language}/${namespace}: ${base}`).toEqual(categories);
    }
  });

  it('German speaks to the visitor with "Sie" only, never "du"', () => {
    for (const namespace of NAMESPACES) {
      for (const [key, text] of texts(locale('de', namespace))) {
        expect(text, `de/${namespace}: ${key}`).not.toMatch(/\b(du|dich|dir|dein|deine|deinen|deinem|deiner|deines|euch|euer|eure)\b/i);
      }
    }
  });

  it('translates every error code, plus unexpected and error_unknown', () => {
    const errorKeys = keys(locale('en', 'errors'));
    for (const code of ERROR_CODES) expect(errorKeys).toContain(code.toLowerCase());
    expect(errorKeys).toEqual(expect.arrayContaining(['unexpected', 'error_unknown']));
  });

  it('translates every field problem, plus emails_differ', () => {
    expect(keys(locale('en', 'validation')).sort()).toEqual([...Object.keys(FIELD_PROBLEMS), 'emails_differ'].sort());
  });

  it('really translates: the other languages differ from English for most texts', () => {
    const english = locale('en', 'errors');
    for (const language of LANGUAGES.filter((lng) => lng !== 'en')) {
      const other = locale(language, 'errors');
      const same = Object.keys(english).filter((key) => english[key] === other[key]);
      expect(same, language).toEqual([]);
    }
  });
});
