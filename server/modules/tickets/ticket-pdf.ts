/**
 * The PDF e-tickets of an order (pdfkit): one A4 page per valid ticket with the organisation's name,
 * logo and colour, the product, the slot, the audience, the holder and the order number, and the QR
 * code the gate reads (the ticket's signed code) drawn as vector squares, so it prints sharp at any
 * size. Rendered on request from the order as it is now (ticket-document.ts); nothing is stored.
 * Standard fonts (Helvetica, WinAnsi) keep the file small: the five shop languages' letters are in it.
 */
import type PDFKit from 'pdfkit';
import type QRCodeModule from 'qrcode';
import { toHex, type Rgb } from '#domain/colour-contrast.ts';
import { lazyModule } from '../../lazy-module.ts';
import type { TicketBranding } from './ticket-branding.ts';
import type { TicketDocument } from './ticket-document.ts';
import { TICKET_TEXTS } from './ticket-document.texts.ts';

const pdfkit = lazyModule<typeof PDFKit>('pdfkit');
const qrcode = lazyModule<typeof QRCodeModule>('qrcode');

/** A4 in points. */
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const BAND_HEIGHT = 112;
/** One QR module in points (4 modules of quiet zone are left white around it). */
export const QR_MODULE = 5;
const QR_TOP = 430;

/** Spaces Intl writes that WinAnsi lacks (narrow and no-break) as plain ones. */
const winAnsi = (text: string) => text.replace(/[\u202f\u2009\u00a0]/g, ' ');
const hex = (rgb: Rgb) => toHex(rgb);

/** The QR code of `code` as runs of dark modules per row: [row, first column, length]. */
export function qrRuns(code: string): { size: number; runs: [number, number, number][] } {
  const { modules } = qrcode().create(code, { errorCorrectionLevel: 'M' });
  const runs: [number, number, number][] = [];
  for (let row = 0; row < modules.size; row += 1) {
    let start = -1;
    for (let column = 0; column <= modules.size; column += 1) {
      const dark = column < modules.size && modules.get(row, column) === 1;
      if (dark && start < 0) start = column;
      if (!dark && start >= 0) {
        runs.push([row, start, column - start]);
        start = -1;
      }
    }
  }
  return { size: modules.size, runs };
}

export async function renderTicketPdf(document: TicketDocument, branding: TicketBranding): Promise<Buffer> {
  const texts = TICKET_TEXTS[document.language];
  const PDFDocument = pdfkit();
  const pdf = new PDFDocument({
    autoFirstPage: false,
    size: 'A4',
    margin: 0,
    lang: document.language,
    info: { Title: winAnsi(`${texts.title} ${document.product.title}`), Author: winAnsi(document.shop.name) },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  // One image object for every page (openImage is pdfkit's, missing from its types).
  const logo = branding.logoPng ? ((pdf as unknown as { openImage(src: Buffer): unknown }).openImage(branding.logoPng) as Buffer) : null;
  const width = PAGE.width - 2 * MARGIN;

  for (const ticket of document.tickets) {
    pdf.addPage({ size: 'A4', margin: 0 });
    pdf.rect(0, 0, PAGE.width, BAND_HEIGHT).fill(hex(branding.colour));
    let nameX = MARGIN;
    if (logo) {
      pdf.image(logo, MARGIN, 26, { fit: [160, 60], valign: 'center' });
      nameX = MARGIN + 176;
    }
    pdf
      .fillColor(hex(branding.ink))
      .font('Helvetica-Bold')
      .fontSize(18)
      .text(winAnsi(document.shop.name), nameX, 44, { width: PAGE.width - nameX - MARGIN, lineBreak: false, ellipsis: true });

    pdf
      .fillColor('#000000')
      .font('Helvetica-Bold')
      .fontSize(24)
      .text(winAnsi(document.product.title), MARGIN, BAND_HEIGHT + 32, { width });
    pdf
      .font('Helvetica')
      .fontSize(12)
      .fillColor('#333333')
      .text(winAnsi(texts.ticketOf(ticket.position, document.issued)), { width });
    pdf.moveDown(1);
    const facts: [string, string | null][] = [
      [texts.when, document.when],
      [texts.audience, ticket.audience],
      [texts.holder, document.holder || null],
      [texts.orderNumber, String(document.orderNumber)],
    ];
    for (const [label, value] of facts) {
      if (!value) continue;
      pdf.font('Helvetica').fontSize(10).fillColor('#555555').text(winAnsi(label), MARGIN, undefined, { width });
      pdf.font('Helvetica-Bold').fontSize(14).fillColor('#000000').text(winAnsi(value), { width });
      pdf.moveDown(0.6);
    }

    const qr = qrRuns(ticket.code);
    const side = qr.size * QR_MODULE;
    const left = Math.round((PAGE.width - side) / 2);
    // Below the facts however long the title ran; whole points, so the squares meet without seams.
    const top = Math.max(QR_TOP, Math.ceil(pdf.y) + 4 * QR_MODULE);
    // The squares as raw path operators in one piece: pdf.rect() per square costs ten times as much.
    const squares = qr.runs.map(([row, column, length]) => `${left + column * QR_MODULE} ${top + row * QR_MODULE} ${length * QR_MODULE} ${QR_MODULE} re`);
    (pdf as unknown as { addContent(content: string): void }).addContent(squares.join('\n'));
    pdf.fill('#000000');
    pdf
      .font('Helvetica')
      .fontSize(11)
      .fillColor('#333333')
      .text(winAnsi(texts.instructions), MARGIN, top + side + 4 * QR_MODULE + 8, { width, align: 'center' });
  }
  pdf.end();
  return ended;
}
