/**
 * A document as a PDF (pdfkit, its standard Helvetica: no font file to load), rendered from what the
 * document stored at issue, in its language: dates by the shop's one date rule (src/domain/date-text.ts)
 * and amounts by Intl in that locale. Rendering again gives the same content; nothing is read but the
 * document.
 */
import type * as PdfKit from 'pdfkit';
import { documentNumber, type DocumentData } from '#domain/documents.ts';
import { formatDay } from '#domain/date-text.ts';
import { ratePercent } from '#domain/tax.ts';
import { lazyModule } from '../../lazy-module.ts';
import type { DocumentRecord } from '../../db/schema/index.ts';
import { DOCUMENT_TEXTS } from './document.texts.ts';

const pdfkit = lazyModule<typeof PdfKit>('pdfkit');

/** Helvetica writes WinAnsi: the narrow no-break space some locales put in amounts becomes a plain no-break space. */
const printable = (text: string) => text.replace(/[\u202f\u2009]/g, '\u00a0').replace(/[\u2212]/g, '-');

export function documentMoney(language: string, currency: string) {
  const format = new Intl.NumberFormat(language, { style: 'currency', currency });
  return (cents: number) => printable(format.format(cents / 100));
}

function rateText(line: { rateBp: number; taxKind: string }, language: string, texts: (typeof DOCUMENT_TEXTS)['en']) {
  if (line.taxKind === 'EXEMPT') return texts.exempt;
  if (line.taxKind === 'ZERO_RATED') return texts.zeroRated;
  return printable(new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(ratePercent(line.rateBp)) + ' %');
}

export function renderDocumentPdf(document: Pick<DocumentRecord, 'series' | 'year' | 'number' | 'data'>): Promise<Buffer> {
  const data: DocumentData = document.data;
  const texts = DOCUMENT_TEXTS[data.language] ?? DOCUMENT_TEXTS.en;
  const money = documentMoney(data.language, data.currency);
  const day = (value: string) => printable(formatDay(value, data.language));
  const PDFDocument = pdfkit() as unknown as typeof PdfKit;
  const pdf = new (PDFDocument as unknown as new (options: object) => PDFKit.PDFDocument)({
    size: 'A4',
    margin: 50,
    info: { Title: `${texts.title[data.kind]} ${documentNumber(document)}`, Author: data.seller.name },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const write = (text: string, x?: number, y?: number, options?: PDFKit.Mixins.TextOptions) => pdf.text(printable(text), x, y, options);

  pdf.font('Helvetica-Bold').fontSize(18);
  write(`${texts.title[data.kind]} ${documentNumber(document)}`);
  pdf.font('Helvetica').fontSize(10).moveDown(0.5);
  write(`${texts.date}: ${day(data.issuedOn)}`);
  write(`${texts.order}: ${data.orderNumber}`);
  if (data.original) write(texts.credits(data.original.number, day(data.original.issuedOn)));
  if (data.reason) write(`${texts.reason}: ${data.reason}`);
  pdf.moveDown();

  const top = pdf.y;
  const party = (label: string, who: DocumentData['seller'], x: number) => {
    pdf.font('Helvetica-Bold');
    write(label, x, top);
    pdf.font('Helvetica');
    for (const line of [who.company, who.name, ...(who.address ?? '').split('\n'), who.vatId ? `${texts.vatId}: ${who.vatId}` : null, who.email]) {
      if (line && line.trim() !== '') write(line, x);
    }
    return pdf.y;
  };
  const below = Math.max(party(texts.seller, data.seller, 50), party(texts.buyer, data.buyer, 310));
  pdf.y = below + 20;

  const columns = [
    { x: 50, width: 200, align: 'left' as const },
    { x: 250, width: 40, align: 'right' as const },
    { x: 295, width: 70, align: 'right' as const },
    { x: 370, width: 50, align: 'right' as const },
    { x: 425, width: 55, align: 'right' as const },
    { x: 485, width: 60, align: 'right' as const },
  ];
  const row = (cells: string[], bold = false) => {
    const y = pdf.y;
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    let bottom = y;
    cells.forEach((cell, index) => {
      const column = columns[index];
      if (!column) return;
      write(cell, column.x, y, { width: column.width, align: column.align });
      bottom = Math.max(bottom, pdf.y);
    });
    pdf.x = 50;
    pdf.y = bottom + 4;
  };
  row([texts.description, texts.quantity, texts.net, texts.rate, texts.tax, texts.gross], true);
  for (const line of data.lines) {
    row([line.description, String(line.quantity), money(line.netCents), rateText(line, data.language, texts), money(line.taxCents), money(line.grossCents)]);
  }
  row([texts.total, '', money(data.totals.netCents), '', money(data.totals.taxCents), money(data.totals.grossCents)], true);
  pdf.moveDown();
  pdf.font('Helvetica-Bold');
  write(texts.perRate, 50);
  for (const rate of data.rates) {
    row([
      rate.name || rateText(rate as { rateBp: number; taxKind: string } & typeof rate, data.language, texts),
      '',
      money(rate.netCents),
      rateText({ rateBp: rate.rateBp, taxKind: rate.kind }, data.language, texts),
      money(rate.taxCents),
      money(rate.grossCents),
    ]);
  }
  pdf.moveDown();
  if (data.giftCardCents > 0) row([texts.giftCard, '', '', '', '', money(-data.giftCardCents)]);
  row([data.kind === 'CREDIT_NOTE' ? texts.refunded : texts.payable, '', '', '', '', money(data.payableCents)], true);
  if (data.paymentTerms) {
    pdf.moveDown();
    write(texts.terms(day(data.paymentTerms.dueOn), data.paymentTerms.days), 50);
  }
  pdf.end();
  return done;
}
