/**
 * The cart's totals as the summary shows them: the server prices each order (simulation); the
 * cart lines are the sums of those prices, added in cents so no rounding creeps in.
 */
import type { OrderPrices, OrderResult } from '#domain/contracts/orders.ts';
import { sumCents, toAmount, toCents } from '#domain/money.ts';

const KEYS: (keyof OrderPrices)[] = ['product', 'upsell', 'subtotal', 'discount', 'additions', 'total'];

export function cartTotals(results: readonly OrderResult[]): OrderPrices {
  const totals = {} as OrderPrices;
  for (const key of KEYS) totals[key] = toAmount(sumCents(results.map((result) => toCents(result.prices[key]))));
  return totals;
}
