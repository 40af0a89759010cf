/** The audit log's read as React Query options (keys general → specific); the shape is the API's contract. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditPage } from '#domain/backoffice/audit-log.schema.ts';
import { backofficeApi } from './client.ts';

/** What the page asks for, as the API's query (every value a string; empty ones left out). */
export interface AuditSearch {
  staff_id: string;
  entity: string;
  from: string;
  until: string;
}

export const auditKeys = {
  all: ['backoffice', 'audit'] as const,
  page: (query: string) => ['backoffice', 'audit', query] as const,
};

/** A page of the log, its names read in `language`; the previous page stays on screen while the next one loads. */
export function auditPageQuery(search: AuditSearch, page: number, pageSize: number, language: string) {
  const params = new URLSearchParams({ page: String(page), page_size: String(pageSize), language });
  for (const [key, value] of Object.entries(search)) if (value.trim()) params.set(key, value.trim());
  const query = params.toString();
  return queryOptions({
    queryKey: auditKeys.page(query),
    queryFn: () => backofficeApi.get<AuditPage>(`/audit?${query}`),
    placeholderData: keepPreviousData,
  });
}
