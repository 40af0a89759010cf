import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../src/domain/error-codes.ts';
import { LANGUAGES } from '../../../src/domain/languages.ts';
import type { FieldProblem } from '../../../src/domain/validation/field-rules.ts';

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

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`)));
}

describe('locales', () => {
  it('finds the namespaces', () => {
    expect(NAMESPACES).toEqual(expect.arrayContaining(['catalogue', 'client', 'common', 'errors', 'faq', 'home', 'validation']));
  });

  it.each(NAMESPACES)('%s has the same keys in all five languages, none empty', (namespace) => {
    const english = keys(locale('en', namespace)).sort();
    for (const language of LANGUAGES) {
      expect(keys(locale(language, namespace)).sort(), `${language}/${namespace}`).toEqual(english);
      const values = Object.values(locale(language, namespace)).flatMap(function flat(value): string[] {
        return typeof value === 'string' ? [value] : Object.values(value).flatMap(flat);
      });
      expect(values.every((value) => value.trim() !== '')).toBe(true);
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
