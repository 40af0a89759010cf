/**
 * Money is an integer number of cents everywhere inside the shop. It becomes a number
 * with two decimals only at the API edge (`toAmount`) and a formatted string only in the view.
 */
export type Cents = number;

/** Cents → the 2-decimal amount the API answers (1250 → 12.5). */
export function toAmount(cents: Cents): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  return cents / 100;
}

/** A 2-decimal API amount → cents, rounding half away from zero (12.345 → 1235). */
export function toCents(amount: number): Cents {
  if (!Number.isFinite(amount)) throw new RangeError(`not a finite amount: ${amount}`);
  const sign = amount < 0 ? -1 : 1;
  // Going through a fixed 3-decimal string avoids binary drift such as 1.005 * 100 = 100.49999.
  const scaled = Number((Math.abs(amount) * 100).toFixed(3));
  return sign * Math.round(scaled) || 0;
}

/** Sum of cents, exact. */
export function sumCents(values: readonly Cents[]): Cents {
  return values.reduce((total, value) => total + value, 0);
}
