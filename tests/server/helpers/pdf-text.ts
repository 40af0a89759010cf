/**
 * The text a PDF shows, read back as a PDF reader would for what pdfkit writes with a standard font:
 * every content stream inflated (FlateDecode), the hex strings of its `TJ`/`Tj` operators decoded
 * (WinAnsi: € is 0x80, the no-break space 0xA0 read as a space), one line per text operator.
 */
import { inflateSync } from 'node:zlib';

const WIN_ANSI: Record<number, string> = { 0x80: '€', 0xa0: ' ', 0x96: '–', 0x97: '—', 0x92: '’' };

function decodeHex(hex: string): string {
  let text = '';
  for (let index = 0; index + 1 < hex.length; index += 2) {
    const code = Number.parseInt(hex.slice(index, index + 2), 16);
    text += WIN_ANSI[code] ?? String.fromCharCode(code);
  }
  return text;
}

export function pdfText(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  const streams = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
  for (let match = streams.exec(raw); match; match = streams.exec(raw)) {
    const bytes = Buffer.from(match[1] ?? '', 'latin1');
    let content: string;
    try {
      content = inflateSync(bytes).toString('latin1');
    } catch {
      content = bytes.toString('latin1');
    }
    for (const operator of content.matchAll(/\[((?:<[0-9a-fA-F]*>|[^\]])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const parts = operator[1] !== undefined ? [...operator[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((part) => part[1] ?? '') : [operator[2] ?? ''];
      lines.push(parts.map(decodeHex).join(''));
    }
  }
  return lines;
}
