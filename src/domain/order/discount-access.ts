/**
 * Who may use which kind of discount code, written once for the storefront's code form and the
 * server's check (server/modules/coupons/discount-codes.ts):
 * - a coupon needs a signed-in client (spec section 6);
 * - a gift card is money its holder owns: anyone who has the code may spend it, with or without an
 *   account (issue 19, item 13).
 * So the code form is offered to everyone, and an anonymous visitor is told that coupons need signing in.
 */
export type DiscountCodeKind = 'COUPON' | 'VOUCHER';

export function mayUseDiscountCode(kind: DiscountCodeKind, signedIn: boolean): boolean {
  return kind === 'VOUCHER' || signedIn;
}

/** The kinds of code a visitor may enter: the form is shown when there is any. */
export function usableDiscountCodeKinds(signedIn: boolean): DiscountCodeKind[] {
  return (['COUPON', 'VOUCHER'] as const).filter((kind) => mayUseDiscountCode(kind, signedIn));
}
