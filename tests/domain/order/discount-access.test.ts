import { describe, expect, it } from 'vitest';
import { mayUseDiscountCode, usableDiscountCodeKinds } from '#domain/order/discount-access.ts';

describe('who may use which discount code', () => {
  it('lets anyone spend a gift card and keeps coupons for signed-in clients', () => {
    expect(mayUseDiscountCode('VOUCHER', false)).toBe(true);
    expect(mayUseDiscountCode('VOUCHER', true)).toBe(true);
    expect(mayUseDiscountCode('COUPON', false)).toBe(false);
    expect(mayUseDiscountCode('COUPON', true)).toBe(true);
  });

  it('offers the code form to an anonymous visitor for gift cards only', () => {
    expect(usableDiscountCodeKinds(false)).toEqual(['VOUCHER']);
    expect(usableDiscountCodeKinds(true)).toEqual(['COUPON', 'VOUCHER']);
  });
});
