/**
 * Schedules and their slots: which products have one, a product's schedule (saved with the revision it was
 * read at), a month of its slots, closing or opening a slot and changing one slot's terms.
 */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CalendarSlot, ScheduleAnswer, SlotBulkPlan } from '#domain/contracts/schedules.schema.ts';
import type { SlotBulkRequest } from '#domain/schedule/slot-bulk.ts';
import type { scheduleSchema } from '#domain/schedule/schedule-rules.ts';
import { backofficeApi } from './client.ts';
import { useInvalidatingMutation, type MutationOptions } from './invalidating-mutation.ts';

export interface ScheduleSummary {
  productId: number;
  firstDate: string | null;
  lastDate: string | null;
}

export interface SaveOutcome {
  revision: number;
  added: number;
  changed: number;
  removed: number;
  closed: { slots: number; places: number };
}

export const scheduleKeys = {
  all: ['backoffice', 'schedules'] as const,
  list: () => [...scheduleKeys.all, 'list'] as const,
  product: (productId: number | null) => [...scheduleKeys.all, 'product', productId] as const,
  schedule: (productId: number) => [...scheduleKeys.product(productId), 'schedule'] as const,
  calendar: (productId: number | null, from: string, until: string) => [...scheduleKeys.all, 'calendar', productId, from, until] as const,
};

export const schedulesQuery = () => queryOptions({ queryKey: scheduleKeys.list(), queryFn: () => backofficeApi.get<ScheduleSummary[]>('/schedules') });

export const scheduleQuery = (productId: number) =>
  queryOptions({ queryKey: scheduleKeys.schedule(productId), queryFn: () => backofficeApi.get<ScheduleAnswer>(`/products/${productId}/schedule`) });

/** The calendar of one product, or of every product (null), from one day to another. */
export const calendarQuery = (productId: number | null, from: string, until: string) =>
  queryOptions({
    queryKey: scheduleKeys.calendar(productId, from, until),
    queryFn: () =>
      backofficeApi.get<CalendarSlot[]>(productId === null ? `/slots?from=${from}&until=${until}` : `/products/${productId}/slots?from=${from}&until=${until}`),
  });

/** What a bulk change (close, open, capacity of a range) would do: asked before it is done, writes nothing. */
export const bulkPreviewQuery = (request: SlotBulkRequest) =>
  queryOptions({
    // Outside scheduleKeys.all: the apply's refresh must not ask for the preview again.
    queryKey: ['backoffice', 'slot-bulk-preview', request] as const,
    queryFn: () => backofficeApi.post<SlotBulkPlan>('/slots/bulk/preview', request),
    staleTime: 0,
    gcTime: 0,
  });

/** The bulk change done; refused whole (CAPACITY_BELOW_TAKEN) when a slot would go below what is taken. */
export const useApplyBulk = (options?: MutationOptions<SlotBulkPlan, SlotBulkRequest>) =>
  useInvalidatingMutation((request: SlotBulkRequest) => backofficeApi.post<SlotBulkPlan>('/slots/bulk', request), [scheduleKeys.all], options);

/** Closes an open slot or opens a closed one, of any product: the calendar's own (every view refreshed). */
export const useSetSlotClosed = (options?: MutationOptions<{ places: number; orders: number }, { slot: CalendarSlot; closed: boolean }>) =>
  useInvalidatingMutation(
    ({ slot, closed }: { slot: CalendarSlot; closed: boolean }) =>
      backofficeApi.put<{ places: number; orders: number }>(`/products/${slot.productId}/slots/${slot.id}/closed`, { closed }),
    [scheduleKeys.all],
    options,
  );

/** Saves the schedule as read at `revision`: the slots it generates change with it. */
export const useSaveSchedule = (productId: number, revision: number, options?: MutationOptions<SaveOutcome, z.output<typeof scheduleSchema>>) =>
  useInvalidatingMutation(
    (schedule: z.output<typeof scheduleSchema>) => backofficeApi.put<SaveOutcome>(`/products/${productId}/schedule`, { revision, schedule }),
    [scheduleKeys.product(productId), scheduleKeys.list()],
    options,
  );

/** One slot's own terms (end time, capacity, maximum orders, price). */
export const useSaveSlotTerms = <Terms>(productId: number, slotId: number, options?: MutationOptions<unknown, Terms>) =>
  useInvalidatingMutation((terms: Terms) => backofficeApi.patch(`/products/${productId}/slots/${slotId}`, terms), [scheduleKeys.all], options);
