/**
 * GET /api/products/{id}/plots with the order's quantities and the calendar's window (spec
 * section 7: today → +60 days in the organisation's timezone). A failure is logged and treated as
 * no plots (spec section 8), so the calendar shows every day as unavailable. A booking being
 * moved (a rebooking or a reservation change) sends its slot as `rebookPlot`: the server lists it
 * whatever the window and counts the booking's own places there as free.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Plot } from '#domain/contracts/catalogue.ts';
import { buildPlotQuery, plotWindow, type PlotOrder, type PlotQuery } from '#domain/plot-query.ts';
import { useOrganisation } from './organisation.ts';
import { apiClient } from '../api-client.ts';

export type PlotWindow = Pick<PlotQuery, 'filterFrom' | 'filterUntil'>;

export async function getPlots(productId: number, order: PlotOrder, window: PlotWindow, rebookPlot: number | null = null): Promise<Plot[]> {
  try {
    const { data } = await apiClient.get<Plot[]>(`/products/${productId}/plots`, {
      params: buildPlotQuery({ order, ...window, rebookPlot, orderingCol: 'date', orderingDir: 'asc' }),
    });
    return Array.isArray(data) ? data : [];
  } catch (error) {
    console.warn('plots could not be loaded', error);
    return [];
  }
}

export const plotsQuery = (productId: number, order: PlotOrder, window: PlotWindow, rebookPlot: number | null = null) =>
  queryOptions({
    queryKey: ['products', 'plots', productId, order, window, rebookPlot],
    queryFn: () => getPlots(productId, order, window, rebookPlot),
    staleTime: 30_000,
  });

export function usePlots(productId: number, order: PlotOrder, enabled = true, rebookPlot: number | null = null) {
  const { timezone } = useOrganisation();
  // Today is taken when the organisation's timezone is known; a visit across midnight keeps its window.
  const window = useMemo(() => plotWindow(new Date(), timezone), [timezone]);
  return useQuery({ ...plotsQuery(productId, order, window, rebookPlot), enabled });
}
