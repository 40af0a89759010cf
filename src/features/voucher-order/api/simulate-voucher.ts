/**
 * Price simulation: POST /api/vouchers with `simulate: true` and a placeholder customer (spec
 * section 7). A query keyed by the values chosen and the language; the answer's order.invoice
 * shows a total of 0 when the order is invoiced.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { VoucherOrderResponse } from '#domain/contracts/vouchers.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { voucherValuesPayload, type VoucherQuantities } from '../voucher-request.ts';

const PLACEHOLDER_CUSTOMER = { first_name: 'Simulation', last_name: 'Simulation', email: 'simulation@example.com', fields: {} };

export async function simulateVoucher(voucherId: number, quantities: VoucherQuantities, language: string, invoice = false) {
  const { data } = await apiClient.post<VoucherOrderResponse>('/vouchers', {
    customer: PLACEHOLDER_CUSTOMER,
    voucher: { id: voucherId },
    values: voucherValuesPayload(quantities),
    language,
    ...(invoice ? { invoice: true } : {}),
    simulate: true,
  });
  return data.response.order;
}

export const voucherSimulationQuery = (voucherId: number, quantities: VoucherQuantities, language: string, invoice = false) =>
  queryOptions({
    queryKey: ['vouchers', 'simulation', voucherId, JSON.stringify(voucherValuesPayload(quantities)), language, invoice],
    queryFn: () => simulateVoucher(voucherId, quantities, language, invoice),
    staleTime: 30_000,
  });

/** `enabled` false: nothing to price yet. `invoice`: the order goes on invoice. */
export function useVoucherSimulation(voucherId: number, quantities: VoucherQuantities, language: string, enabled: boolean, invoice = false) {
  return useQuery({ ...voucherSimulationQuery(voucherId, quantities, language, invoice), enabled, placeholderData: keepPreviousData });
}
