import { describe, expect, it } from 'vitest';
import { contrastRatio, lowestContrast, NON_TEXT_CONTRAST, parseHex, readableOn, TEXT_CONTRAST, type Rgb } from '#domain/colour-contrast.ts';
import { PAGE_SURFACES, themeColours } from '../../src/app/theme.ts';
import { readFileSync } from 'node:fs';

const hex = (value: string) => parseHex(value) as Rgb;
const styles = readFileSync(new URL('../../src/app/styles.css', import.meta.url), 'utf8');
const cssVariable = (name: string) => {
  const match = new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(styles);
  if (!match?.[1]) throw new Error(`--${name} not in styles.css`);
  return match[1];
};

describe('contrastRatio', () => {
  it('matches the WCAG examples', () => {
    expect(contrastRatio(hex('#000000'), hex('#ffffff'))).toBeCloseTo(21, 5);
    expect(contrastRatio(hex('#777777'), hex('#ffffff'))).toBeCloseTo(4.48, 2);
    expect(contrastRatio(hex('#ffffff'), hex('#ffffff'))).toBe(1);
  });

  it('is the reason the old link colour failed: #12846d reads on white but not on the page or the tint', () => {
    expect(contrastRatio(hex('#12846d'), hex('#ffffff'))).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrastRatio(hex('#12846d'), hex('#f6f7f8'))).toBeLessThan(TEXT_CONTRAST);
  });
});

describe('readableOn', () => {
  it('keeps a colour that already reads everywhere', () => {
    expect(readableOn(hex('#1a237e'), [hex('#ffffff'), hex('#f6f7f8')])).toEqual(hex('#1a237e'));
  });

  it('darkens until every surface reaches the minimum, and no further than needed', () => {
    const surfaces = [hex('#ffffff'), hex('#f6f7f8'), hex('#e4f7f3')];
    const text = readableOn(hex('#1abc9c'), surfaces);
    expect(lowestContrast(text, surfaces)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(lowestContrast(text.map((channel) => Math.min(255, channel + 3)) as Rgb, surfaces)).toBeLessThan(TEXT_CONTRAST + 0.2);
  });
});

describe('theme colours on every surface they are used on', () => {
  it('the page surfaces named by the theme are the ones in styles.css', () => {
    expect(PAGE_SURFACES).toEqual([cssVariable('colour-surface'), cssVariable('colour-background')]);
  });

  it.each(['1abc9c', 'ffeb3b', '1a237e', '000000', 'ffffff', 'e74c3c', '00ff00', 'ff9800'])(
    '%s: text on cards, page and tint; foreground on the colour',
    (input) => {
      const colours = themeColours(input);
      const surfaces = [...PAGE_SURFACES, colours.soft].map(hex);
      expect(lowestContrast(hex(colours.text), surfaces)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      expect(contrastRatio(hex(colours.colour), hex(colours.foreground))).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    },
  );

  it('the default theme in styles.css is what the derivation gives for the default colour', () => {
    const colours = themeColours(cssVariable('theme-colour'));
    expect(cssVariable('theme-colour-text')).toBe(colours.text);
    expect(cssVariable('theme-colour-soft')).toBe(colours.soft);
  });

  it('form-control borders reach 3:1 on cards and on the page', () => {
    expect(lowestContrast(hex(cssVariable('colour-input-border')), PAGE_SURFACES.map(hex))).toBeGreaterThanOrEqual(NON_TEXT_CONTRAST);
  });

  it('muted and danger text read on the page, cards and their soft surfaces', () => {
    for (const name of ['colour-text', 'colour-muted', 'colour-danger']) {
      expect(lowestContrast(hex(cssVariable(name)), PAGE_SURFACES.map(hex)), name).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
    expect(contrastRatio(hex(cssVariable('colour-danger')), hex(cssVariable('colour-danger-soft')))).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });
});
