/** The reports: sales over a period and the day's visitor list, each also as a CSV file to download. */
import { queryOptions } from '@tanstack/react-query';
import type { DayList, SalesReport } from '#domain/contracts/reports.schema.ts';
import { config } from '../../lib/config.ts';
import { backofficeApi } from './client.ts';

export const reportKeys = {
  all: ['backoffice', 'reports'] as const,
  sales: (from: string, to: string) => [...reportKeys.all, 'sales', from, to] as const,
  dayList: (date: string) => [...reportKeys.all, 'day-list', date] as const,
};

const period = (from: string, to: string) => new URLSearchParams({ from, to }).toString();

/** Asked only for a period that reads from → to (`enabled`). */
export const salesReportQuery = (from: string, to: string, enabled: boolean) =>
  queryOptions({ queryKey: reportKeys.sales(from, to), enabled, queryFn: () => backofficeApi.get<SalesReport>(`/reports?${period(from, to)}`) });

export const dayListQuery = (date: string, enabled: boolean) =>
  queryOptions({ queryKey: reportKeys.dayList(date), enabled, queryFn: () => backofficeApi.get<DayList>(`/day-list?${new URLSearchParams({ date })}`) });

/** The CSV files are links the browser downloads with the staff cookie, not calls. */
export const ordersCsvUrl = (from: string, to: string) => `${config.apiBase}/backoffice/reports/orders.csv?${period(from, to)}`;
export const dayListCsvUrl = (date: string) => `${config.apiBase}/backoffice/day-list.csv?${new URLSearchParams({ date })}`;
