/**
 * The orders desk: the search, one order, and what staff do to it (move, customer details, refund, resend
 * the confirmation, mark an invoice paid). Keys general → specific (['backoffice', 'orders', …]); the
 * shapes are the API's own contracts (src/domain/contracts/backoffice-orders.schema.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DeskOrder, deskRefundBodySchema, OrderSearchPage } from '#domain/contracts/backoffice-orders.schema.ts';
import type { CustomerField } from '#domain/contracts/organisation.ts';
import type { CalendarSlot } from '#domain/contracts/schedules.schema.ts';
import type { Translations } from '#domain/languages.ts';
import { backofficeApi } from './client.ts';
import { useInvalidatingMutation, type MutationOptions } from './invalidating-mutation.ts';

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
  all: ['backoffice', 'orders'] as const,
  search: (search: DeskSearch) => [...orderKeys.all, 'search', searchString(search)] as const,
  filters: () => [...orderKeys.all, 'filters'] as const,
  order: (number: number) => [...orderKeys.all, 'order', number] as const,
};

export const orderSearchQuery = (search: DeskSearch) =>
  queryOptions({
    queryKey: orderKeys.search(search),
    queryFn: () => backofficeApi.get<OrderSearchPage>(`/orders?${searchString(search)}&limit=25`),
  });

export const orderFiltersQuery = () =>
  queryOptions({
    queryKey: orderKeys.filters(),
    queryFn: () => backofficeApi.get<{ products: { id: number; slug: string; texts: Translations<{ title?: string }> }[] }>('/order-filters'),
    staleTime: 5 * 60_000,
  });

export const deskOrderQuery = (number: number) =>
  queryOptions({ queryKey: orderKeys.order(number), queryFn: () => backofficeApi.get<DeskOrder>(`/orders/${number}`) });

export const moveSlotsQuery = (number: number, from: string, until: string) =>
  queryOptions({
    queryKey: [...orderKeys.order(number), 'slots', from, until],
    queryFn: () => backofficeApi.get<CalendarSlot[]>(`/orders/${number}/slots?from=${from}&until=${until}`),
  });

export const customerFieldsQuery = (number: number) =>
  queryOptions({
    queryKey: [...orderKeys.order(number), 'customer-fields'],
    queryFn: () => backofficeApi.get<{ fields: CustomerField[]; allow_business: boolean }>(`/orders/${number}/customer-fields`),
  });

/** What moving an order to another slot (`plot`) would cost or give back, and the move itself. */
export interface MovePlan {
  from_plot: number;
  to_plot: number;
  total: number;
  new_total: number;
  difference: number;
}

export const movePlanQuery = (number: number, plot: number | null) =>
  queryOptions({
    queryKey: [...orderKeys.order(number), 'move', plot],
    enabled: plot !== null,
    queryFn: () => backofficeApi.get<MovePlan>(`/orders/${number}/move?plot=${plot}`),
  });

export const useMoveOrder = (number: number, options?: MutationOptions<MovePlan, number>) =>
  useInvalidatingMutation((plot: number) => backofficeApi.post<MovePlan>(`/orders/${number}/move`, { plot }), [orderKeys.all], options);

/** The customer's details as the order's fields ask them (`customer`: the API's shape). */
export const useSaveOrderCustomer = (number: number, options?: MutationOptions<unknown, Record<string, unknown>>) =>
  useInvalidatingMutation((customer: Record<string, unknown>) => backofficeApi.post(`/orders/${number}/customer`, { customer }), [orderKeys.all], options);

/** The confirmation mailed again, or an invoice order marked paid. */
export const useOrderAction = (number: number, options?: MutationOptions<unknown, 'resend' | 'invoice-paid'>) =>
  useInvalidatingMutation((what: 'resend' | 'invoice-paid') => backofficeApi.post(`/orders/${number}/${what}`), [orderKeys.all], options);

export type RefundBody = z.input<typeof deskRefundBodySchema>;
export interface RefundAnswer {
  done: boolean;
  refunded: number;
  tickets: number[];
  status: string;
}

export const refundOrder = (number: number) => (body: RefundBody) => backofficeApi.post<RefundAnswer>(`/orders/${number}/refund`, body);

/** A refund through `submit` (the order's own route, or a refund request's acceptance): orders and requests read again. */
export const useRefund = (submit: (body: RefundBody) => Promise<RefundAnswer>, options?: MutationOptions<RefundAnswer, RefundBody>) =>
  useInvalidatingMutation(submit, [orderKeys.all, ['backoffice', 'refund-requests']], options);
