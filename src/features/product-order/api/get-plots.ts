/**
 * GET /api/products/{id}/plots with the order's quantities (spec section 7). A failure is logged
 * and treated as no plots (spec section 8), so the calendar shows every day as unavailable.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Plot } from '../../../domain/contracts/catalogue.ts';
import { buildPlotQuery, type PlotOrder } from '../../../domain/plot-query.ts';
import { apiClient } from '../../../lib/api-client.ts';

export async function getPlots(productId: number, order: PlotOrder): Promise<Plot[]> {
  try {
    const { data } = await apiClient.get<Plot[]>(`/products/${productId}/plots`, { params: buildPlotQuery({ order }) });
    return Array.isArray(data) ? data : [];
  } catch (error) {
    console.warn('plots could not be loaded', error);
    return [];
  }
}

export const plotsQuery = (productId: number, order: PlotOrder) =>
  queryOptions({
    queryKey: ['products', 'plots', productId, order],
    queryFn: () => getPlots(productId, order),
    staleTime: 30_000,
  });

export function usePlots(productId: number, order: PlotOrder, enabled = true) {
  return useQuery({ ...plotsQuery(productId, order), enabled });
}
