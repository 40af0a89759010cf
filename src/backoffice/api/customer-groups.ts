/** The customer groups a coupon or a subscription may be kept to (read only here). */
import { queryOptions } from '@tanstack/react-query';
import type { Translations } from '#domain/languages.ts';
import { backofficeApi } from './client.ts';

export interface CustomerGroup {
  id: number;
  texts: Translations<{ name: string }>;
}

export const customerGroupKeys = { all: ['backoffice', 'customer-groups'] as const };

export const customerGroupsQuery = () =>
  queryOptions({ queryKey: customerGroupKeys.all, queryFn: () => backofficeApi.get<CustomerGroup[]>('/sales/customer-groups'), staleTime: 5 * 60_000 });
