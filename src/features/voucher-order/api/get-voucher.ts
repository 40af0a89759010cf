/** GET /api/vouchers/{id}: the voucher with the values it is sold in (spec section 7). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Voucher } from '#domain/contracts/catalogue.ts';
import { apiClient, isApiError } from '../../../lib/api-client.ts';

export async function getVoucher(id: number): Promise<Voucher> {
  const { data } = await apiClient.get<Voucher>(`/vouchers/${id}`);
  return data;
}

const isGone = (error: unknown) => isApiError(error) && error.status !== null && error.status < 500;

export const voucherQuery = (id: number, language: string) =>
  queryOptions({
    queryKey: ['vouchers', 'detail', id, language],
    queryFn: () => getVoucher(id),
    staleTime: 60_000,
    retry: (failureCount, error) => !isGone(error) && failureCount < 2,
  });

/** null: the address holds no valid id. */
export function useVoucher(id: number | null) {
  const { i18n } = useTranslation();
  return useQuery({ ...voucherQuery(id ?? 0, i18n.language), enabled: id !== null });
}
