/** The documents the API lists (receipts, invoices, credit notes): GET /api/orders/{hash}/documents and the back office's. */
import { z } from 'zod';
import { DOCUMENT_KINDS } from '../documents.ts';

export const documentSummarySchema = z.object({
  id: z.number().int(),
  kind: z.enum(DOCUMENT_KINDS),
  /** As people read it: IN-2026-00012. */
  number: z.string(),
  issued_on: z.iso.date(),
  order_number: z.number().int(),
  /** A credit note's original. */
  original: z.string().nullable(),
  /** Gross, 2 decimals; negative for a credit note. */
  total: z.number(),
  tax: z.number(),
  currency: z.string(),
  language: z.string(),
});
export type DocumentSummary = z.infer<typeof documentSummarySchema>;

export const documentListSchema = z.object({ documents: z.array(documentSummarySchema) });
export const documentPageSchema = documentListSchema.extend({ next: z.number().int().nullable() });
