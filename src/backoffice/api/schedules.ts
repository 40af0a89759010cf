/**
 * Schedules and their slots: which products have one, a product's schedule (saved with the revision it was
 * read at), a month of its slots, closing or opening a slot and changing one slot's terms.
 */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CalendarSlot, ScheduleAnswer } from '#domain/contracts/schedules.schema.ts';
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
  slots: (productId: number | null, from: string) => [...scheduleKeys.product(productId), 'slots', from] as const,
};

export const schedulesQuery = () => queryOptions({ queryKey: scheduleKeys.list(), queryFn: () => backofficeApi.get<ScheduleSummary[]>('/schedules') });

export const scheduleQuery = (productId: number) =>
  queryOptions({ queryKey: scheduleKeys.schedule(productId), queryFn: () => backofficeApi.get<ScheduleAnswer>(`/products/${productId}/schedule`) });

export const slotsQuery = (productId: number | null, from: string, until: string) =>
  queryOptions({
    queryKey: scheduleKeys.slots(productId, from),
    enabled: productId !== null,
    queryFn: () => backofficeApi.get<CalendarSlot[]>(`/products/${productId}/slots?from=${from}&until=${until}`),
  });

/** Saves the schedule as read at `revision`: the slots it generates change with it. */
export const useSaveSchedule = (productId: number, revision: number, options?: MutationOptions<SaveOutcome, z.output<typeof scheduleSchema>>) =>
  useInvalidatingMutation(
    (schedule: z.output<typeof scheduleSchema>) => backofficeApi.put<SaveOutcome>(`/products/${productId}/schedule`, { revision, schedule }),
    [scheduleKeys.product(productId), scheduleKeys.list()],
    options,
  );

/** Closes an open slot or opens a closed one; answers the places and orders it touched. */
export const useToggleSlotClosed = (productId: number | null, options?: MutationOptions<{ places: number; orders: number }, CalendarSlot>) =>
  useInvalidatingMutation(
    (slot: CalendarSlot) => backofficeApi.put<{ places: number; orders: number }>(`/products/${productId}/slots/${slot.id}/closed`, { closed: !slot.closed }),
    [scheduleKeys.product(productId)],
    options,
  );

/** One slot's own terms (end time, capacity, maximum orders, price). */
export const useSaveSlotTerms = <Terms>(productId: number, slotId: number, options?: MutationOptions<unknown, Terms>) =>
  useInvalidatingMutation((terms: Terms) => backofficeApi.patch(`/products/${productId}/slots/${slotId}`, terms), [scheduleKeys.product(productId)], options);
