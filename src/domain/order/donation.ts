/**
 * Donation upsells (spec section 5): the visitor types or steps an amount; the upsell's price is
 * that amount and its quantity is 1 while the amount is above 0. Amounts are cents.
 */
import { toCents } from '../money.ts';

/**
 * What a typed donation is worth in cents: every character except digits, ',' and '.' is
 * stripped (so a minus sign or currency symbol is ignored, and a donation is never negative), a
 * comma becomes a decimal dot, the amount is rounded to 2 decimals, and anything that is then not
 * a number ("", ".", "1.2.3") gives 0. An amount too large to count in whole cents also gives 0.
 */
export function parseDonationInput(input: string): number {
  const text = input.replace(/[^\d.,]/g, '').replace(/,/g, '.');
  if (text === '') return 0;
  const amount = Number(text);
  if (!Number.isFinite(amount)) return 0;
  const cents = toCents(amount);
  return Number.isSafeInteger(cents) && cents > 0 ? cents : 0;
}

/** The +/- buttons move the amount by the upsell's donation_step; it never goes below 0. */
export function stepDonation(cents: number, stepCents: number, direction: 1 | -1): number {
  const amount = Number.isSafeInteger(cents) && cents > 0 ? cents : 0;
  if (!Number.isSafeInteger(stepCents) || stepCents <= 0) return amount;
  return Math.max(0, amount + direction * stepCents);
}

/** A donation line counts once while something is donated. */
export function donationQuantity(cents: number): 0 | 1 {
  return cents > 0 ? 1 : 0;
}
