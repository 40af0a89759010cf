/**
 * GET /api/plots with the calendar's window (spec section 7: filterFrom, filterUntil, orderingCol=date,
 * orderingDir=asc): every product's plots for the 60 days from today in the organisation's timezone,
 * in one request.
 */
import { useQuery } from '@tanstack/react-query';
import type { CalendarPlots } from '#domain/contracts/calendar.ts';
import { buildPlotQuery, plotWindow } from '#domain/plot-query.ts';
import { apiClient } from '../../../lib/api-client.ts';

export async function getCalendarPlots(window: { filterFrom: string; filterUntil: string }): Promise<CalendarPlots> {
  const { data } = await apiClient.get<CalendarPlots>('/plots', { params: buildPlotQuery({ ...window, orderingCol: 'date', orderingDir: 'asc' }) });
  return data;
}

export function useCalendarPlots(timezone: string, language: string) {
  const window = plotWindow(new Date(), timezone) as { filterFrom: string; filterUntil: string };
  // The window is the organisation's today plus 60 days, whatever the visitor's clock zone (src/domain/plot-query.ts).
  return useQuery({
    queryKey: ['calendar', window.filterFrom, window.filterUntil, language],
    queryFn: async () => {
      try {
        return await getCalendarPlots(window);
      } catch (error) {
        // Spec section 8: a failed calendar load is logged and the calendar shows empty.
        console.error('The calendar could not be loaded', error);
        throw error;
      }
    },
    retry: false,
    staleTime: 30_000,
  });
}
