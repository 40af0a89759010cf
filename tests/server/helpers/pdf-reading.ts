/**
 * Reads back what a PDF of ours shows, without a PDF viewer (no poppler here): each page's content
 * stream inflated (node:zlib), its text (the TJ strings, WinAnsi) and its QR code, rebuilt from the
 * squares drawn (`x y w h re`, one row of dark modules each) into a bitmap that jsQR decodes as a
 * camera would.
 */
import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';

/** The pages' content streams, in page order (streams holding text or paths; images are left out). */
export function pdfPages(pdf: Buffer): string[] {
  const source = pdf.toString('latin1');
  const pages: string[] = [];
  for (const match of source.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    if (/\bBT\b/.test(content)) pages.push(content);
  }
  return pages;
}

const winAnsi = new TextDecoder('windows-1252');

/** The page's text: each TJ array's strings joined, one entry per array. */
export function pageTexts(page: string): string[] {
  return [...page.matchAll(/\[((?:<[0-9a-f]*>|\s|-?[\d.]+)*)\]\s*TJ/g)].map((match) =>
    [...(match[1] ?? '').matchAll(/<([0-9a-f]*)>/g)].map((hex) => winAnsi.decode(Buffer.from(hex[1] ?? '', 'hex'))).join(''),
  );
}

/** The QR code drawn on the page, decoded; null when there is none a scanner could read. */
export function pageQrCode(page: string): string | null {
  const squares = [...page.matchAll(/^(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re$/gm)].map(
    (match) => match.slice(1, 5).map(Number) as [number, number, number, number],
  );
  // The modules: the height most squares share (the header band is one taller rectangle).
  const heights = new Map<number, number>();
  for (const [, , , height] of squares) heights.set(height, (heights.get(height) ?? 0) + 1);
  const module = [...heights].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!module) return null;
  const runs = squares.filter(([, , , height]) => height === module);
  const left = Math.min(...runs.map(([x]) => x));
  const top = Math.min(...runs.map(([, y]) => y));
  const size = Math.round(Math.max(...runs.map(([x, , width]) => x + width - left), ...runs.map(([, y]) => y + module - top)) / module);
  const quiet = 4;
  const scale = 6;
  const side = (size + 2 * quiet) * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const [x, y, width] of runs) {
    const row = Math.round((y - top) / module) + quiet;
    const first = Math.round((x - left) / module) + quiet;
    for (let column = first; column < first + Math.round(width / module); column += 1) {
      for (let dy = 0; dy < scale; dy += 1) {
        for (let dx = 0; dx < scale; dx += 1) {
          const at = ((row * scale + dy) * side + column * scale + dx) * 4;
          pixels[at] = pixels[at + 1] = pixels[at + 2] = 0;
        }
      }
    }
  }
  return jsQR(pixels, side, side)?.data ?? null;
}
