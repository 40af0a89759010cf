/**
 * Applied discount codes and the cart's discount mode (spec sections 4, Cart, and 5, Coupons).
 * The mode follows the last applied code; with no codes left it is NONE.
 */
export type DiscountMode = 'NONE' | 'COUPON' | 'VOUCHER';

export interface AppliedCode {
  /** Upper-case, as shown on the customer step. */
  code: string;
  kind: 'COUPON' | 'VOUCHER';
}

function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Adds a code (stored upper-case); a code already applied, in any case, or an empty one is ignored. */
export function addAppliedCode(list: readonly AppliedCode[], code: AppliedCode): AppliedCode[] {
  const normalised = normaliseCode(code.code);
  if (normalised === '' || list.some((applied) => normaliseCode(applied.code) === normalised)) return [...list];
  return [...list, { code: normalised, kind: code.kind }];
}

/** Removes a code, compared case-insensitively. */
export function removeAppliedCode(list: readonly AppliedCode[], code: string): AppliedCode[] {
  const normalised = normaliseCode(code);
  return list.filter((applied) => normaliseCode(applied.code) !== normalised);
}

/** The mode set by the last applied code; NONE when none remain. */
export function discountModeOf(list: readonly AppliedCode[]): DiscountMode {
  return list.at(-1)?.kind ?? 'NONE';
}
