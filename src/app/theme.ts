/**
 * The organisation's theme colour as CSS variables on <html>. Besides the colour itself we derive
 * the colours that keep it readable: a foreground for text on it, a darker variant for text, links
 * and focus rings, and a pale tint for highlights. The darker variant is checked against EVERY
 * surface it is drawn on (cards, the page background, the tint) — see src/domain/colour-contrast.ts.
 */
import { useEffect } from 'react';
import { contrastRatio, mix, parseHex, readableOn, TEXT_CONTRAST, toHex, WHITE, type Rgb } from '#domain/colour-contrast.ts';

export { contrastRatio } from '#domain/colour-contrast.ts';

export const DEFAULT_THEME_COLOUR = '1abc9c';

/** The fixed surfaces of styles.css the theme's text colour appears on: --colour-surface and --colour-background. */
export const PAGE_SURFACES: readonly string[] = ['#ffffff', '#f6f7f8'];

export interface ThemeColours {
  colour: string;
  foreground: string;
  text: string;
  soft: string;
}

const DARK: Rgb = [17, 17, 17];

/** Derives the theme variables from `organisation.theme_colour` (six hex digits, '#' optional). */
export function themeColours(themeColour: string | null | undefined): ThemeColours {
  const colour = parseHex(themeColour) ?? (parseHex(DEFAULT_THEME_COLOUR) as Rgb);
  const onWhite = contrastRatio(colour, WHITE);
  const foreground = onWhite >= TEXT_CONTRAST || onWhite >= contrastRatio(colour, DARK) ? WHITE : DARK;
  const soft = mix(colour, WHITE, 0.88).map(Math.round) as Rgb;
  const surfaces = [...PAGE_SURFACES.map((hex) => parseHex(hex) as Rgb), soft];

  return {
    colour: toHex(colour),
    foreground: toHex(foreground),
    text: toHex(readableOn(colour, surfaces)),
    soft: toHex(soft),
  };
}

export function applyTheme(colours: ThemeColours, root: HTMLElement = document.documentElement): void {
  root.style.setProperty('--theme-colour', colours.colour);
  root.style.setProperty('--theme-foreground', colours.foreground);
  root.style.setProperty('--theme-colour-text', colours.text);
  root.style.setProperty('--theme-colour-soft', colours.soft);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', colours.colour);
}

export function useThemeColour(themeColour: string | null | undefined): void {
  useEffect(() => {
    applyTheme(themeColours(themeColour));
  }, [themeColour]);
}
