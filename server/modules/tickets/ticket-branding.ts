/**
 * The organisation's look on its ticket documents: its theme colour, the ink readable on it (white
 * or black, whichever contrasts more) and its logo as a PNG (pdfkit and the wallets take PNG; the
 * shop's logo may be an uploaded WebP under /media/ or an SVG of the built storefront). Without a
 * logo, or one that cannot be read, the documents show the name alone.
 */
import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import type Sharp from 'sharp';
import { BLACK, contrastRatio, parseHex, WHITE, type Rgb } from '#domain/colour-contrast.ts';
import { lazyModule } from '../../lazy-module.ts';
import { MEDIA_PREFIX, readImage } from '../catalogue/index.ts';

const sharp = lazyModule<typeof Sharp>('sharp');

export interface TicketBranding {
  colour: Rgb;
  /** Text on `colour`. */
  ink: Rgb;
  /** The logo as a PNG at most LOGO_HEIGHT pixels high, or null. */
  logoPng: Buffer | null;
}

const LOGO_HEIGHT = 200;
/** Logos converted, per process: a shop has one, a settings change names another file. */
const MAX_KEPT = 8;

export function brandingColours(themeColour: string): Pick<TicketBranding, 'colour' | 'ink'> {
  const colour = parseHex(themeColour) ?? [26, 188, 156];
  return { colour, ink: contrastRatio(colour, WHITE) >= contrastRatio(colour, BLACK) ? WHITE : BLACK };
}

export function createTicketBranding({ mediaDir, staticDir }: { mediaDir: string; staticDir: string | null }) {
  const kept = new Map<string, Promise<Buffer | null>>();

  async function logoBytes(logo: string): Promise<Buffer | null> {
    if (logo.startsWith(MEDIA_PREFIX)) return readImage(mediaDir, logo.slice(MEDIA_PREFIX.length));
    // A file of the built storefront (the demo's /images/logo.svg); never outside it, never fetched from elsewhere.
    if (!logo.startsWith('/') || staticDir === null) return null;
    const root = resolve(staticDir);
    const file = resolve(root, `.${decodeURIComponent(logo.split('?')[0] ?? '')}`);
    if (!file.startsWith(root + sep)) return null;
    return readFile(file).catch(() => null);
  }

  async function convert(logo: string): Promise<Buffer | null> {
    const bytes = await logoBytes(logo);
    if (!bytes) return null;
    return sharp()(bytes, { limitInputPixels: 40_000_000 })
      .resize({ height: LOGO_HEIGHT, fit: 'inside' })
      .png()
      .toBuffer()
      .catch(() => null);
  }

  return {
    async of(shop: { colour: string; logo: string | null }): Promise<TicketBranding> {
      let logoPng: Promise<Buffer | null> = Promise.resolve(null);
      if (shop.logo) {
        const known = kept.get(shop.logo);
        logoPng = known ?? convert(shop.logo);
        if (!known) {
          kept.set(shop.logo, logoPng);
          if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value as string);
        }
      }
      return { ...brandingColours(shop.colour), logoPng: await logoPng };
    },
  };
}

export type TicketBrandingSource = ReturnType<typeof createTicketBranding>;
