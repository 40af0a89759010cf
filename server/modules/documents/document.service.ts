/**
 * Reading documents: the visitor's (by their order's or checkout's hash, as the order and
 * reservation pages know it), the staff's (a list, an order's, one by id), each rendered as a PDF from
 * what it stored; and a document mailed again to the order's customer (the mail carries a reference,
 * rendered as an attachment when it is sent: `documentAttachments`).
 */
import { sql } from 'drizzle-orm';
import { documentNumber, type DocumentKind } from '#domain/documents.ts';
import { toAmount } from '#domain/money.ts';
import type { Database, Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import type { DocumentRecord } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { documentsOfOrders, findDocument, listDocuments } from './document.repo.ts';
import { renderDocumentPdf } from './document-pdf.ts';
import { DOCUMENT_TEXTS } from './document.texts.ts';

export interface DocumentSummary {
  id: number;
  kind: DocumentKind;
  number: string;
  issued_on: string;
  order_number: number;
  original: string | null;
  total: number;
  tax: number;
  currency: string;
  language: string;
}

export function summaryOf(document: DocumentRecord): DocumentSummary {
  return {
    id: document.id,
    kind: document.kind,
    number: documentNumber(document),
    issued_on: document.data.issuedOn,
    order_number: document.data.orderNumber,
    original: document.data.original?.number ?? null,
    total: toAmount(document.grossCents),
    tax: toAmount(document.taxCents),
    currency: document.currency,
    language: document.language,
  };
}

/** A document's file name: its kind and number, e.g. `invoice-IN-2026-00012.pdf`. */
export const fileNameOf = (document: DocumentRecord) => `${document.kind.toLowerCase().replace('_', '-')}-${documentNumber(document)}.pdf`;

/** What the documents module asks of the mail module (given by the composition root): a mail in the outbox. */
export type DocumentMailer = (
  executor: Executor,
  mail: { kind: string; recipient: string; subject: string; text: string; documents: number[] },
) => Promise<unknown>;

export function createDocumentService({ db, mail }: { db: Database; mail: DocumentMailer }) {
  /** The orders an order page or reservation page may see: the order's own, or its checkout's (payment hash). */
  async function ordersOfHash(hash: string): Promise<number[]> {
    const rows = rowsOf<{ id: number }>(
      await db.execute(sql`
        select o.id from orders o where o.hash = ${hash}
        union select o.id from orders o join payments p on p.id = o.payment_id where p.hash = ${hash}`),
    );
    return rows.map((row) => Number(row.id));
  }

  async function forShopper(hash: string): Promise<DocumentSummary[]> {
    return (await documentsOfOrders(db, await ordersOfHash(hash))).map(summaryOf);
  }

  async function shopperPdf(hash: string, id: number): Promise<{ document: DocumentRecord; pdf: Buffer }> {
    const orders = await ordersOfHash(hash);
    const document = await findDocument(db, id);
    if (!document || document.orderId === null || !orders.includes(document.orderId)) throw notFound('No such document');
    return { document, pdf: await renderDocumentPdf(document) };
  }

  async function staffPdf(id: number): Promise<{ document: DocumentRecord; pdf: Buffer }> {
    const document = await findDocument(db, id);
    if (!document) throw notFound('No such document');
    return { document, pdf: await renderDocumentPdf(document) };
  }

  async function ofOrderNumber(number: number): Promise<DocumentSummary[]> {
    const rows = rowsOf<{ id: number }>(await db.execute(sql`select id from orders where number = ${number}`));
    if (rows.length === 0) throw notFound('No such order');
    return (
      await documentsOfOrders(
        db,
        rows.map((row) => Number(row.id)),
      )
    ).map(summaryOf);
  }

  async function list(filter: { kind?: DocumentKind | undefined; before?: number | undefined; limit?: number | undefined }) {
    const limit = Math.min(200, filter.limit ?? 50);
    const rows = await listDocuments(db, { kind: filter.kind, before: filter.before, limit });
    return { documents: rows.map(summaryOf), next: rows.length === limit ? (rows.at(-1)?.id ?? null) : null };
  }

  /** The document mailed again to its order's customer, in its language, as an attachment. */
  async function resend(id: number): Promise<{ recipient: string }> {
    const document = await findDocument(db, id);
    if (!document) throw notFound('No such document');
    const recipient = document.data.buyer.email;
    if (!recipient) throw notFound('This document has no e-mail address to send to');
    const texts = DOCUMENT_TEXTS[document.language] ?? DOCUMENT_TEXTS.en;
    const title = `${texts.title[document.kind]} ${documentNumber(document)}`;
    await mail(db, {
      kind: 'document',
      recipient,
      subject: `${title} – ${document.data.seller.name}`,
      text: `${title}\n${texts.order}: ${document.data.orderNumber}\n\n${document.data.seller.name}`,
      documents: [document.id],
    });
    return { recipient };
  }

  return { forShopper, shopperPdf, staffPdf, ofOrderNumber, list, resend };
}

/**
 * The mail worker's renderer for an attachment of kind DOCUMENT_ATTACHMENT (mail-attachments.ts): the
 * referenced document rendered now, from what it stored; a document gone attaches nothing.
 */
export async function documentPdfAttachment(
  db: Executor,
  ref: Record<string, unknown>,
): Promise<{ fileName: string; content: Buffer; contentType: string } | null> {
  if (typeof ref.document !== 'number') throw new Error('document attachment: the reference names no document');
  const document = await findDocument(db, ref.document);
  return document ? { fileName: fileNameOf(document), content: await renderDocumentPdf(document), contentType: 'application/pdf' } : null;
}

export type DocumentService = ReturnType<typeof createDocumentService>;
