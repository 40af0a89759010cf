/**
 * When a renewed pass expires (spec section 4, Renewal): its validity counts from the current
 * expiration while that is still ahead (nothing paid for is lost), otherwise from today. Days are
 * YYYY-MM-DD in the organisation's timezone; a pass is valid through its expiry day.
 */
import { addDays } from '../plot-query.ts';

export function renewedExpiration(currentExpiration: string | null, today: string, validityDays: number): string {
  const from = currentExpiration !== null && currentExpiration > today ? currentExpiration : today;
  return addDays(from, validityDays);
}

/** A pass is valid through its expiry day; null never expires. */
export function isExpired(expiration: string | null, today: string): boolean {
  return expiration !== null && expiration < today;
}
