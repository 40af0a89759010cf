/**
 * An order's tickets to print and to carry, rendered on request from the order as it is now
 * (ticket-document.ts): the PDF (ticket-pdf.ts), an Apple Wallet pass per ticket (apple-wallet.ts),
 * the Google Wallet save link (google-wallet.ts). Reached by the order's hash, like its page; an
 * order that is not paid (refunded, cancelled, unknown) has none: 404 NOT_FOUND. A wallet without
 * its settings: 404 WALLET_NOT_CONFIGURED. The confirmation mail's PDF is rendered here too, at send
 * time, from the order's id the outbox keeps (`ticketPdfAttachment`).
 */
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import type { AppleWalletSettings, GoogleWalletSettings } from '../../wallet-config.ts';
import { buildApplePass } from './apple-wallet.ts';
import { GOOGLE_SAVE_URL, googleWalletJwt } from './google-wallet.ts';
import type { TicketBrandingSource } from './ticket-branding.ts';
import type { TicketKeys } from './ticket-code.ts';
import { readTicketDocument, type TicketDocument } from './ticket-document.ts';
import { TICKET_TEXTS } from './ticket-document.texts.ts';
import { renderTicketPdf } from './ticket-pdf.ts';

/** The mail attachment kind of an order's PDF tickets; its reference is `{ order: <order id> }`. */
export const TICKET_PDF_ATTACHMENT = 'ticket-pdf';

/** What the confirmation mail keeps to attach an order's PDF tickets when it is sent. */
export const ticketPdfAttachment = (orderId: number) => ({ kind: TICKET_PDF_ATTACHMENT, ref: { order: orderId } });

export interface TicketFile {
  fileName: string;
  contentType: string;
  content: Buffer;
}

export interface TicketDocumentsDeps {
  db: Database;
  clock: Clock;
  keys: Pick<TicketKeys, 'privateKey'>;
  branding: TicketBrandingSource;
  wallets: { apple: AppleWalletSettings | null; google: GoogleWalletSettings | null };
  publicUrl: string;
}

const walletOff = () => new AppError('WALLET_NOT_CONFIGURED', 404, 'This shop has no wallet passes of this kind configured');

export function createTicketDocuments({ db, clock, keys, branding, wallets, publicUrl }: TicketDocumentsDeps) {
  async function paidDocument(where: { hash: string } | { orderId: number }): Promise<TicketDocument> {
    const document = await readTicketDocument(db, keys, where);
    if (!document) throw notFound('No paid order with valid tickets');
    return document;
  }

  async function pdf(document: TicketDocument): Promise<TicketFile> {
    return {
      fileName: `${TICKET_TEXTS[document.language].fileName(document.orderNumber)}.pdf`,
      contentType: 'application/pdf',
      content: await renderTicketPdf(document, await branding.of(document.shop)),
    };
  }

  return {
    /** Which wallets this shop offers (the order page shows their buttons only then). */
    wallets: { apple: wallets.apple !== null, google: wallets.google !== null },

    ticketPdf: async (hash: string): Promise<TicketFile> => pdf(await paidDocument({ hash })),

    /** The confirmation mail's attachment, rendered when the mail is sent; null once the order has no valid tickets. */
    async ticketPdfAttachment(ref: Record<string, unknown>): Promise<TicketFile | null> {
      if (typeof ref.order !== 'number') throw new Error(`${TICKET_PDF_ATTACHMENT}: the reference names no order`);
      const document = await readTicketDocument(db, keys, { orderId: ref.order });
      return document ? pdf(document) : null;
    },

    async applePass(hash: string, position: number): Promise<TicketFile> {
      if (!wallets.apple) throw walletOff();
      const document = await paidDocument({ hash });
      const ticket = document.tickets.find((candidate) => candidate.position === position);
      if (!ticket) throw notFound('No valid ticket at this position');
      return {
        fileName: `ticket-${document.orderNumber}-${position}.pkpass`,
        contentType: 'application/vnd.apple.pkpass',
        content: await buildApplePass(document, ticket, await branding.of(document.shop), wallets.apple, clock.now()),
      };
    },

    async googleSaveUrl(hash: string): Promise<string> {
      if (!wallets.google) throw walletOff();
      const document = await paidDocument({ hash });
      const look = await branding.of({ ...document.shop, logo: null });
      return `${GOOGLE_SAVE_URL}${googleWalletJwt(document, look, wallets.google, publicUrl, clock.now())}`;
    },
  };
}

export type TicketDocuments = ReturnType<typeof createTicketDocuments>;
