/** GET /api/orders/{hash}/documents: the order's receipts, invoices and credit notes, each downloadable as a PDF. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DocumentSummary } from '#domain/contracts/documents.schema.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { config } from '../../../lib/config.ts';

export async function getOrderDocuments(hash: string): Promise<DocumentSummary[]> {
  const { data } = await apiClient.get<{ documents: DocumentSummary[] }>(`/orders/${encodeURIComponent(hash)}/documents`);
  return data.documents;
}

export const orderDocumentsQuery = (hash: string) =>
  queryOptions({ queryKey: ['orders', 'documents', hash], queryFn: () => getOrderDocuments(hash), staleTime: 60_000, retry: 1 });

export function useOrderDocuments(hash: string) {
  return useQuery(orderDocumentsQuery(hash));
}

/** Where the browser downloads one of them. */
export const documentPdfHref = (hash: string, id: number) => `${config.apiBase}/orders/${encodeURIComponent(hash)}/documents/${id}`;
