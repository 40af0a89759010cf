/**
 * Receipts, invoices and credit notes: what they hold and the rules that build their lines, shared
 * by the server (which issues and renders them) and the apps (which list them). A document keeps
 * everything it prints, as it was at issue (`DocumentData`); amounts are integer cents, a credit
 * note's negative. Decision: docs/decisions/0020-tax-on-lines-and-gap-free-documents.md.
 */
import type { Language } from './languages.ts';
import { splitGross, spreadByLargestRemainder, totalsPerRate, type RateTotal, type TaxKind, type TaxRate } from './tax.ts';

export const DOCUMENT_KINDS = ['RECEIPT', 'INVOICE', 'CREDIT_NOTE'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
/** What a document line sells: tickets, an upsell, passes, gift cards (no VAT when sold) or the booking fee. */
export type DocumentLineKind = 'TICKET' | 'UPSELL' | 'SUBSCRIPTION' | 'VOUCHER' | 'FEE';

/** Each kind numbers in its own series: IN-2026-00001, RC-2026-00001, CN-2026-00001. */
export const DOCUMENT_SERIES: Record<DocumentKind, string> = { INVOICE: 'IN', RECEIPT: 'RC', CREDIT_NOTE: 'CN' };

/** A document's number as people read it: series, year and the gap-free number. */
export function documentNumber(document: { series: string; year: number; number: number }): string {
  return `${document.series}-${document.year}-${String(document.number).padStart(5, '0')}`;
}

export interface DocumentParty {
  name: string;
  company: string | null;
  address: string | null;
  vatId: string | null;
  email: string | null;
}

export interface DocumentLine {
  kind: DocumentLineKind;
  description: string;
  quantity: number;
  /** Signed like the document, after the line's discount share. */
  grossCents: number;
  netCents: number;
  taxCents: number;
  discountCents: number;
  rateBp: number;
  taxKind: TaxKind;
  taxName: string;
  productId: number | null;
}

export interface DocumentData {
  kind: DocumentKind;
  language: Language;
  currency: string;
  /** The date printed on it, in the shop's time zone (YYYY-MM-DD). */
  issuedOn: string;
  seller: DocumentParty;
  buyer: DocumentParty;
  orderNumber: number;
  /** A credit note's original (its number and date). */
  original: { number: string; issuedOn: string } | null;
  lines: DocumentLine[];
  rates: RateTotal[];
  totals: { grossCents: number; netCents: number; taxCents: number };
  /** Paid with gift-card credit (a means of payment, not a discount on tax). */
  giftCardCents: number;
  /** What the buyer paid or owes in money: the total less gift-card credit. */
  payableCents: number;
  /** An invoice order's payment terms: due on this date, this many days after issue. */
  paymentTerms: { dueOn: string; days: number } | null;
  /** Why a credit note was issued (the refund's reason). */
  reason: string | null;
}

/** The document's totals from its lines: they are the sums of the lines, exactly. */
export function documentTotals(lines: readonly Pick<DocumentLine, 'grossCents' | 'netCents' | 'taxCents'>[]): DocumentData['totals'] {
  return {
    grossCents: lines.reduce((sum, line) => sum + line.grossCents, 0),
    netCents: lines.reduce((sum, line) => sum + line.netCents, 0),
    taxCents: lines.reduce((sum, line) => sum + line.taxCents, 0),
  };
}

/** The tax per rate printed on a document. */
export function documentRates(lines: readonly DocumentLine[]): RateTotal[] {
  return totalsPerRate(lines.map((line) => ({ ...line, rate: rateOf(line) })));
}

export function rateOf(line: Pick<DocumentLine, 'rateBp' | 'taxKind' | 'taxName'>): TaxRate {
  return { rateBp: line.rateBp, kind: line.taxKind, name: line.taxName };
}

export class CreditNoteTooLarge extends Error {
  constructor(readonly leftCents: number) {
    super(`a credit note may give back at most ${leftCents} cents`);
  }
}

/**
 * The lines of a credit note giving back `amountCents` of a document whose lines still hold
 * `remaining` (their gross less earlier credit notes, positive). The amount goes first to the
 * `preferred` lines (the refunded tickets' lines), in proportion to what remains on them, by the
 * largest remainder; what is left of it over the other lines the same way. Each credit line is taxed
 * at its original's rate and keeps its original's `position`. More than remains is refused
 * (`CreditNoteTooLarge`).
 */
export function creditNoteLines(
  remaining: readonly DocumentLine[],
  amountCents: number,
  preferred: (line: DocumentLine) => boolean,
): (DocumentLine & { position: number })[] {
  const left = remaining.reduce((sum, line) => sum + Math.max(0, line.grossCents), 0);
  if (!Number.isSafeInteger(amountCents) || amountCents < 0 || amountCents > left) throw new CreditNoteTooLarge(left);
  const first = remaining.map((line) => (preferred(line) ? Math.max(0, line.grossCents) : 0));
  const firstTotal = first.reduce((a, b) => a + b, 0);
  const firstShares = spreadByLargestRemainder(Math.min(amountCents, firstTotal), first);
  const rest = remaining.map((line, index) => Math.max(0, line.grossCents) - (firstShares[index] ?? 0));
  const restShares = spreadByLargestRemainder(amountCents - Math.min(amountCents, firstTotal), rest);
  return remaining.flatMap((line, index) => {
    const share = (firstShares[index] ?? 0) + (restShares[index] ?? 0);
    if (share === 0) return [];
    const { netCents, taxCents } = splitGross(-share, rateOf(line));
    // A whole line given back keeps its quantity; a part of one counts as one.
    const quantity = share === line.grossCents ? line.quantity : 1;
    return [{ ...line, quantity, grossCents: -share, netCents, taxCents, discountCents: 0, position: index }];
  });
}

/** What remains of a document's lines once its credit notes' lines (negative, by position) are taken off. */
export function remainingLines(original: readonly DocumentLine[], credited: readonly { position: number; grossCents: number }[]): DocumentLine[] {
  return original.map((line, position) => {
    const back = credited.filter((each) => each.position === position).reduce((sum, each) => sum - each.grossCents, 0);
    const grossCents = line.grossCents - back;
    return { ...line, grossCents, ...splitGross(grossCents, rateOf(line)) };
  });
}
