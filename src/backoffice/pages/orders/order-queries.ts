/**
 * The orders desk's reads as React Query options (keys general → specific: ['orders', …]); the
 * shapes are the API's own contracts (src/domain/contracts/backoffice-orders.schema.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import type { DeskOrder, OrderSearchPage } from '#domain/contracts/backoffice-orders.schema.ts';
import type { CustomerField } from '#domain/contracts/organisation.ts';
import type { CalendarSlot } from '#domain/contracts/schedules.schema.ts';
import type { Translations } from '#domain/languages.ts';
import { boApi } from '../../api.ts';

/** The search as the URL holds it (every value a string; empty ones left out). */
export interface DeskSearch {
  q?: string;
  status?: string;
  payment?: string;
  product?: string;
  date_from?: string;
  date_to?: string;
  before?: string;
}

export const DESK_SEARCH_KEYS = ['q', 'status', 'payment', 'product', 'date_from', 'date_to', 'before'] as const;

export function searchString(search: DeskSearch): string {
  const params = new URLSearchParams();
  for (const key of DESK_SEARCH_KEYS) {
    const value = search[key]?.trim();
    if (value) params.set(key, value);
  }
  return params.toString();
}

export const orderKeys = {
  all: ['orders'] as const,
  search: (search: DeskSearch) => ['orders', 'search', searchString(search)] as const,
  order: (number: number) => ['orders', 'order', number] as const,
};

export const orderSearchQuery = (search: DeskSearch) =>
  queryOptions({
    queryKey: orderKeys.search(search),
    queryFn: () => boApi.get<OrderSearchPage>(`/orders?${searchString(search)}&limit=25`),
  });

export const orderFiltersQuery = () =>
  queryOptions({
    queryKey: ['orders', 'filters'],
    queryFn: () => boApi.get<{ products: { id: number; slug: string; texts: Translations<{ title?: string }> }[] }>('/order-filters'),
    staleTime: 5 * 60_000,
  });

export const deskOrderQuery = (number: number) => queryOptions({ queryKey: orderKeys.order(number), queryFn: () => boApi.get<DeskOrder>(`/orders/${number}`) });

export const moveSlotsQuery = (number: number, from: string, until: string) =>
  queryOptions({
    queryKey: ['orders', 'order', number, 'slots', from, until],
    queryFn: () => boApi.get<CalendarSlot[]>(`/orders/${number}/slots?from=${from}&until=${until}`),
  });

export const customerFieldsQuery = (number: number) =>
  queryOptions({
    queryKey: ['orders', 'order', number, 'customer-fields'],
    queryFn: () => boApi.get<{ fields: CustomerField[]; allow_business: boolean }>(`/orders/${number}/customer-fields`),
  });
