/** The audit log: what staff did, a page at a time, filtered as the page's search says. */
import { queryOptions } from '@tanstack/react-query';
import type { AuditPage } from '#domain/backoffice/staff.schema.ts';
import { backofficeApi } from './client.ts';

export const auditKeys = { page: (search: string) => ['backoffice', 'audit', search] as const };

/** `search`: the query string of the filters and page (URLSearchParams as a string). */
export const auditQuery = (search: string) =>
  queryOptions({ queryKey: auditKeys.page(search), queryFn: () => backofficeApi.get<AuditPage>(`/audit?${search}`) });
