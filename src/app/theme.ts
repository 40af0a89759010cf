/**
 * The organisation's theme colour as CSS variables on <html>. Besides the colour itself we derive
 * the colours that keep it readable: a foreground for text on it, a darker variant for text and
 * focus rings on white (many brand colours, the default turquoise included, fail WCAG on white),
 * and a pale tint for highlights.
 */
import { useEffect } from 'react';

export const DEFAULT_THEME_COLOUR = '1abc9c';

export interface ThemeColours {
  colour: string;
  foreground: string;
  text: string;
  soft: string;
}

type Rgb = [number, number, number];

const WHITE: Rgb = [255, 255, 255];
const DARK: Rgb = [17, 17, 17];
/** WCAG AA for normal text. */
const READABLE_CONTRAST = 4.5;

function parseHex(value: string | null | undefined): Rgb | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(value?.trim() ?? '');
  if (!match?.[1]) return null;
  const hex = match[1];
  return [0, 2, 4].map((start) => parseInt(hex.slice(start, start + 2), 16)) as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

function luminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

function mix(from: Rgb, to: Rgb, amount: number): Rgb {
  return from.map((channel, index) => channel + ((to[index] ?? 0) - channel) * amount) as Rgb;
}

/** Derives the theme variables from `organisation.theme_colour` (six hex digits, '#' optional). */
export function themeColours(themeColour: string | null | undefined): ThemeColours {
  const colour = parseHex(themeColour) ?? (parseHex(DEFAULT_THEME_COLOUR) as Rgb);
  const onWhite = contrastRatio(colour, WHITE);
  const foreground = onWhite >= READABLE_CONTRAST || onWhite >= contrastRatio(colour, DARK) ? WHITE : DARK;

  let text = colour;
  for (let step = 1; contrastRatio(text, WHITE) < READABLE_CONTRAST && step <= 20; step += 1) {
    text = mix(colour, [0, 0, 0], step * 0.05);
  }

  return {
    colour: toHex(colour),
    foreground: toHex(foreground),
    text: toHex(text),
    soft: toHex(mix(colour, WHITE, 0.88)),
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
