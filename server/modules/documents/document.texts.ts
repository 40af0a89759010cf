/** What a document prints besides its data, in the order's language (the five of the shop). */
import type { DocumentKind } from '#domain/documents.ts';
import type { Language } from '#domain/languages.ts';

export interface DocumentTexts {
  title: Record<DocumentKind, string>;
  number: string;
  date: string;
  order: string;
  seller: string;
  buyer: string;
  vatId: string;
  description: string;
  quantity: string;
  net: string;
  rate: string;
  tax: string;
  gross: string;
  total: string;
  perRate: string;
  giftCard: string;
  payable: string;
  refunded: string;
  exempt: string;
  zeroRated: string;
  /** "Due on {date} ({days} days)". */
  terms: (date: string, days: number) => string;
  /** "Credits {number} of {date}". */
  credits: (number: string, date: string) => string;
  reason: string;
}

export const DOCUMENT_TEXTS: Record<Language, DocumentTexts> = {
  en: {
    title: { RECEIPT: 'Receipt', INVOICE: 'Invoice', CREDIT_NOTE: 'Credit note' },
    number: 'Number',
    date: 'Date',
    order: 'Order',
    seller: 'From',
    buyer: 'To',
    vatId: 'VAT ID',
    description: 'Description',
    quantity: 'Qty',
    net: 'Net',
    rate: 'Rate',
    tax: 'VAT',
    gross: 'Amount',
    total: 'Total',
    perRate: 'VAT per rate',
    giftCard: 'Paid with gift card',
    payable: 'Paid or to pay',
    refunded: 'Refunded',
    exempt: 'exempt',
    zeroRated: '0 %',
    terms: (date, days) => `Payment due on ${date} (${days} days)`,
    credits: (number, date) => `Credits ${number} of ${date}`,
    reason: 'Reason',
  },
  nl: {
    title: { RECEIPT: 'Kassabon', INVOICE: 'Factuur', CREDIT_NOTE: 'Creditnota' },
    number: 'Nummer',
    date: 'Datum',
    order: 'Bestelling',
    seller: 'Van',
    buyer: 'Aan',
    vatId: 'Btw-nummer',
    description: 'Omschrijving',
    quantity: 'Aantal',
    net: 'Netto',
    rate: 'Tarief',
    tax: 'Btw',
    gross: 'Bedrag',
    total: 'Totaal',
    perRate: 'Btw per tarief',
    giftCard: 'Betaald met cadeaukaart',
    payable: 'Betaald of te betalen',
    refunded: 'Terugbetaald',
    exempt: 'vrijgesteld',
    zeroRated: '0 %',
    terms: (date, days) => `Te betalen vóór ${date} (${days} dagen)`,
    credits: (number, date) => `Crediteert ${number} van ${date}`,
    reason: 'Reden',
  },
  de: {
    title: { RECEIPT: 'Quittung', INVOICE: 'Rechnung', CREDIT_NOTE: 'Gutschrift' },
    number: 'Nummer',
    date: 'Datum',
    order: 'Bestellung',
    seller: 'Von',
    buyer: 'An',
    vatId: 'USt-IdNr.',
    description: 'Beschreibung',
    quantity: 'Menge',
    net: 'Netto',
    rate: 'Satz',
    tax: 'MwSt.',
    gross: 'Betrag',
    total: 'Gesamt',
    perRate: 'MwSt. je Satz',
    giftCard: 'Mit Geschenkkarte bezahlt',
    payable: 'Bezahlt oder zu zahlen',
    refunded: 'Erstattet',
    exempt: 'steuerfrei',
    zeroRated: '0 %',
    terms: (date, days) => `Zahlbar bis ${date} (${days} Tage)`,
    credits: (number, date) => `Gutschrift zu ${number} vom ${date}`,
    reason: 'Grund',
  },
  es: {
    title: { RECEIPT: 'Recibo', INVOICE: 'Factura', CREDIT_NOTE: 'Factura rectificativa' },
    number: 'Número',
    date: 'Fecha',
    order: 'Pedido',
    seller: 'De',
    buyer: 'Para',
    vatId: 'NIF-IVA',
    description: 'Descripción',
    quantity: 'Cant.',
    net: 'Neto',
    rate: 'Tipo',
    tax: 'IVA',
    gross: 'Importe',
    total: 'Total',
    perRate: 'IVA por tipo',
    giftCard: 'Pagado con tarjeta regalo',
    payable: 'Pagado o por pagar',
    refunded: 'Reembolsado',
    exempt: 'exento',
    zeroRated: '0 %',
    terms: (date, days) => `Pago antes del ${date} (${days} días)`,
    credits: (number, date) => `Rectifica ${number} del ${date}`,
    reason: 'Motivo',
  },
  fr: {
    title: { RECEIPT: 'Reçu', INVOICE: 'Facture', CREDIT_NOTE: 'Avoir' },
    number: 'Numéro',
    date: 'Date',
    order: 'Commande',
    seller: 'De',
    buyer: 'À',
    vatId: 'N° TVA',
    description: 'Description',
    quantity: 'Qté',
    net: 'HT',
    rate: 'Taux',
    tax: 'TVA',
    gross: 'Montant',
    total: 'Total',
    perRate: 'TVA par taux',
    giftCard: 'Payé par carte cadeau',
    payable: 'Payé ou à payer',
    refunded: 'Remboursé',
    exempt: 'exonéré',
    zeroRated: '0 %',
    terms: (date, days) => `À payer avant le ${date} (${days} jours)`,
    credits: (number, date) => `Avoir sur ${number} du ${date}`,
    reason: 'Motif',
  },
};
