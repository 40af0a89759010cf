/**
 * Receipts, invoices and credit notes (server/modules/documents): issued once, never changed, each
 * with a number from a gap-free sequence per organisation, series and year. The counter row is
 * locked by the statement that issues (an upsert on `document_counters`) and held until the
 * transaction that inserts the document commits, so a crash mid-issue rolls both back: no gap, no
 * repeat. A document keeps everything it prints (`data`), so it is rendered again identically on
 * request; its lines are rows too, for the reports and the accountant's CSV.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DocumentData, DocumentKind, DocumentLineKind } from '#domain/documents.ts';
import type { Language } from '#domain/languages.ts';
import type { TaxKind } from '#domain/tax.ts';
import { id } from './columns.ts';
import { orders, payments } from './orders.ts';
import { organisations } from './organisation.ts';

export const documentCounters = pgTable(
  'document_counters',
  {
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    series: text('series').notNull(),
    year: integer('year').notNull(),
    /** The last number issued in this series and year. */
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.series, t.year] }), check('document_counters_last', sql`${t.last} >= 0`)],
);

export const documents = pgTable(
  'documents',
  {
    id: id(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<DocumentKind>().notNull(),
    series: text('series').notNull(),
    year: integer('year').notNull(),
    number: integer('number').notNull(),
    /** The order it is for; documents outlive an order deleted by hand (set null). */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    /** A credit note's invoice or receipt. */
    originalId: integer('original_id').references((): AnyPgColumn => documents.id, { onDelete: 'restrict' }),
    language: text('language').$type<Language>().notNull(),
    currency: text('currency').notNull(),
    /** The payment's gateway at issue (`invoice`, `none`, `test`, `stripe`, …): the reports' channel. */
    channel: text('channel').notNull(),
    /** Signed totals: a credit note's are negative. */
    grossCents: integer('gross_cents').notNull(),
    netCents: integer('net_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    /** Everything the document prints, as it was at issue (seller, buyer, lines, tax per rate, terms). */
    data: jsonb('data').$type<DocumentData>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('documents_number').on(t.organisationId, t.series, t.year, t.number),
    index('documents_order').on(t.orderId),
    index('documents_issued').on(t.issuedAt),
    index('documents_original').on(t.originalId),
    check('documents_kind', sql`${t.kind} in ('RECEIPT','INVOICE','CREDIT_NOTE')`),
    check('documents_totals', sql`${t.netCents} + ${t.taxCents} = ${t.grossCents}`),
  ],
);

export const documentLines = pgTable(
  'document_lines',
  {
    id: id(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind').$type<DocumentLineKind>().notNull(),
    /** The product the line's order is for (tickets and their upsells), for the reports. */
    productId: integer('product_id'),
    quantity: integer('quantity').notNull(),
    rateBp: integer('rate_bp').notNull(),
    taxKind: text('tax_kind').$type<TaxKind>().notNull(),
    taxName: text('tax_name').notNull(),
    /** Signed like the document: gross = net + tax, after the line's discount share. */
    grossCents: integer('gross_cents').notNull(),
    netCents: integer('net_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
  },
  (t) => [index('document_lines_document').on(t.documentId, t.position), check('document_lines_totals', sql`${t.netCents} + ${t.taxCents} = ${t.grossCents}`)],
);

export type DocumentRecord = typeof documents.$inferSelect;
export type DocumentLineRecord = typeof documentLines.$inferSelect;
