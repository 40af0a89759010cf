/**
 * The documents module's rows: `documents`, `document_lines` and `document_counters` (only this
 * module writes them, tests/lint/table-owners.test.ts). `insertDocument` takes the next number and
 * writes the document and its lines in ONE statement: the counter's upsert locks its row (as
 * `select … for update` would) until the caller's transaction ends, so issuers of one series queue on
 * it and a rollback takes the number back with the document: the numbers have no gap and no repeat.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DocumentData, DocumentKind, DocumentLine } from '#domain/documents.ts';
import type { Language } from '#domain/languages.ts';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { documentLines, documents, type DocumentRecord } from '../../db/schema/index.ts';

export interface NewDocument {
  organisationId: number;
  kind: DocumentKind;
  series: string;
  year: number;
  orderId: number | null;
  paymentId: number | null;
  originalId: number | null;
  language: Language;
  currency: string;
  channel: string;
  data: DocumentData;
  issuedAt: Date;
  /** Lines with their position (a credit note's: its original line's). */
  lines: (DocumentLine & { position: number })[];
}

export async function insertDocument(tx: Executor, document: NewDocument): Promise<{ id: number; number: number }> {
  const { totals } = document.data;
  const lines = document.lines.map((line) => ({
    position: line.position,
    kind: line.kind,
    product_id: line.productId,
    quantity: line.quantity,
    rate_bp: line.rateBp,
    tax_kind: line.taxKind,
    tax_name: line.taxName,
    gross_cents: line.grossCents,
    net_cents: line.netCents,
    tax_cents: line.taxCents,
    discount_cents: line.discountCents,
  }));
  const result = await tx.execute(sql`
    with counter as (
      insert into document_counters (organisation_id, series, year, last)
      values (${document.organisationId}::int, ${document.series}::text, ${document.year}::int, 1)
      on conflict (organisation_id, series, year) do update set last = document_counters.last + 1
      returning last
    ), doc as (
      insert into documents (organisation_id, kind, series, year, number, order_id, payment_id, original_id, language, currency, channel,
        gross_cents, net_cents, tax_cents, data, issued_at)
      select ${document.organisationId}::int, ${document.kind}::text, ${document.series}::text, ${document.year}::int, counter.last, ${document.orderId}::int,
        ${document.paymentId}::int, ${document.originalId}::int, ${document.language}::text, ${document.currency}::text, ${document.channel}::text,
        ${totals.grossCents}::int, ${totals.netCents}::int, ${totals.taxCents}::int, ${JSON.stringify(document.data)}::jsonb, ${document.issuedAt.toISOString()}::timestamptz
      from counter
      returning id, number
    ), lines as (
      insert into document_lines (document_id, position, kind, product_id, quantity, rate_bp, tax_kind, tax_name, gross_cents, net_cents, tax_cents, discount_cents)
      select doc.id, l.position, l.kind, l.product_id, l.quantity, l.rate_bp, l.tax_kind, l.tax_name, l.gross_cents, l.net_cents, l.tax_cents, l.discount_cents
      from doc, jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as l(position int, kind text, product_id int, quantity int, rate_bp int, tax_kind text,
        tax_name text, gross_cents int, net_cents int, tax_cents int, discount_cents int)
    )
    select id, number from doc`);
  const [row] = rowsOf<{ id: number; number: number }>(result);
  if (!row) throw new Error('document not inserted');
  return { id: Number(row.id), number: Number(row.number) };
}

/** The orders' receipts or invoices (not credit notes), newest last. */
export function originalsOf(db: Executor, orderIds: readonly number[]): Promise<DocumentRecord[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(documents)
    .where(and(inArray(documents.orderId, [...orderIds]), inArray(documents.kind, ['RECEIPT', 'INVOICE'])))
    .orderBy(asc(documents.id));
}

/** What the credit notes of `originalId` gave back, per original line position (negative gross). */
export async function creditedLines(db: Executor, originalId: number): Promise<{ position: number; grossCents: number }[]> {
  const rows = rowsOf<{ position: number; gross_cents: number }>(
    await db.execute(sql`
      select l.position, sum(l.gross_cents)::int as gross_cents
      from documents d join document_lines l on l.document_id = d.id
      where d.original_id = ${originalId} group by l.position`),
  );
  return rows.map((row) => ({ position: Number(row.position), grossCents: Number(row.gross_cents) }));
}

/** The documents of these orders, in issue order. */
export function documentsOfOrders(db: Executor, orderIds: readonly number[]): Promise<DocumentRecord[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(documents)
    .where(inArray(documents.orderId, [...orderIds]))
    .orderBy(asc(documents.id));
}

export async function findDocument(db: Executor, id: number): Promise<DocumentRecord | null> {
  const [row] = await db.select().from(documents).where(eq(documents.id, id));
  return row ?? null;
}

/** The back office's list, newest first: by kind and a number or order number search. */
export function listDocuments(
  db: Executor,
  filter: { kind?: DocumentKind | undefined; limit: number; before?: number | undefined },
): Promise<DocumentRecord[]> {
  const where = [filter.kind ? eq(documents.kind, filter.kind) : undefined, filter.before ? sql`${documents.id} < ${filter.before}` : undefined].filter(
    (each) => each !== undefined,
  );
  return db
    .select()
    .from(documents)
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(desc(documents.id))
    .limit(filter.limit);
}

export function linesOfDocument(db: Executor, documentId: number) {
  return db.select().from(documentLines).where(eq(documentLines.documentId, documentId)).orderBy(asc(documentLines.id));
}
