import { describe, expect, it } from 'vitest';
import { contrastRatio, themeColours } from '../../../src/app/theme.ts';

const rgb = (hex: string): [number, number, number] => [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16)) as [number, number, number];

describe('themeColours', () => {
  it.each([
    ['1abc9c', '#1abc9c'],
    ['#FF0000', '#ff0000'],
    ['', '#1abc9c'],
    ['not-a-colour', '#1abc9c'],
    [null, '#1abc9c'],
  ])('uses %s as %s', (input, colour) => {
    expect(themeColours(input).colour).toBe(colour);
  });

  it.each(['1abc9c', 'ffeb3b', '1a237e', '000000', 'ffffff', 'e74c3c'])('keeps text readable for %s (WCAG AA on the colour and on white)', (input) => {
    const colours = themeColours(input);
    expect(contrastRatio(rgb(colours.colour), rgb(colours.foreground))).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(rgb(colours.text), [255, 255, 255])).toBeGreaterThanOrEqual(4.5);
  });
});
