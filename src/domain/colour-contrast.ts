/**
 * WCAG 2.2 contrast rules for colours (one place for the theme, its tests and the e2e checks):
 * relative luminance, contrast ratio, and "darken a colour until it reads on every surface it
 * is used on" (a link colour that passes on white can fail on the grey page or a pale tint).
 */
export type Rgb = [number, number, number];

/** WCAG 1.4.3 (AA) for normal text. */
export const TEXT_CONTRAST = 4.5;
/** WCAG 1.4.11 (AA) for user-interface components (input borders, focus rings) and graphics. */
export const NON_TEXT_CONTRAST = 3;

export const WHITE: Rgb = [255, 255, 255];
export const BLACK: Rgb = [0, 0, 0];

export function parseHex(value: string | null | undefined): Rgb | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(value?.trim() ?? '');
  if (!match?.[1]) return null;
  const hex = match[1];
  return [0, 2, 4].map((start) => parseInt(hex.slice(start, start + 2), 16)) as Rgb;
}

export function toHex(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

function luminance(rgb: Rgb): number {
  // Channels are rounded as they would be on screen (a CSS colour has whole 0–255 channels).
  const linear = (channel: number) => {
    const value = Math.round(channel) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(rgb[0]) + 0.7152 * linear(rgb[1]) + 0.0722 * linear(rgb[2]);
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export function mix(from: Rgb, to: Rgb, amount: number): Rgb {
  return from.map((channel, index) => channel + ((to[index] ?? 0) - channel) * amount) as Rgb;
}

/** The lowest contrast of `colour` against any of `surfaces`. */
export function lowestContrast(colour: Rgb, surfaces: readonly Rgb[]): number {
  return Math.min(...surfaces.map((surface) => contrastRatio(colour, surface)));
}

/**
 * `colour`, darkened (mixed towards black in small steps) as little as needed to reach `minimum`
 * contrast on every one of `surfaces` (all light). Black reaches 4.5:1 on any surface lighter than
 * #767676, so the search always ends.
 */
export function readableOn(colour: Rgb, surfaces: readonly Rgb[], minimum = TEXT_CONTRAST): Rgb {
  for (let step = 0; step <= 100; step += 1) {
    const candidate = mix(colour, BLACK, step / 100).map(Math.round) as Rgb;
    if (lowestContrast(candidate, surfaces) >= minimum) return candidate;
  }
  return BLACK;
}
