/** The sales set-up's pure rules: coupon codes as the shop looks them up, coupon checks, pass and voucher rules. */
import { describe, expect, it } from 'vitest';
import {
  couponCodeKey,
  couponEditorSchema,
  couponRuleIssues,
  editorCouponValue,
  storedCouponValue,
  subscriptionEditorSchema,
  voucherEditorSchema,
} from '#domain/backoffice/sales-editor.ts';

const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; params?: Record<string, unknown>; code: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), (issue.params?.rule as string | undefined) ?? issue.code]));

describe('couponCodeKey', () => {
  it.each([
    [' summer10 ', 'SUMMER10'],
    ['Spring-20', 'SPRING-20'],
    // A code of the gift-card shape is regrouped, as the storefront's look-up does.
    ['abcde fghjk mnpqr stwxy', 'ABCDE-FGHJK-MNPQR-STWXY'],
  ])('%s → %s', (typed, stored) => expect(couponCodeKey(typed)).toBe(stored));
});

describe('couponRuleIssues', () => {
  const base = { discount_type: 'PERCENTAGE' as const, value: 10, valid_from: null, valid_until: null };
  it.each([
    [base, {}],
    [{ ...base, value: 100 }, {}],
    [{ ...base, value: 100.01 }, { value: 'percentage_above_100' }],
    [{ ...base, discount_type: 'FIXED' as const, value: 150 }, {}],
    [{ ...base, value: 0 }, { value: 'not_positive' }],
    [{ ...base, valid_from: '2030-01-02T00:00:00Z', valid_until: '2030-01-01T00:00:00Z' }, { valid_until: 'from_after_until' }],
    [{ ...base, valid_from: '2030-01-01T00:00:00Z', valid_until: '2030-01-01T00:00:00Z' }, { valid_until: 'from_after_until' }],
    [{ ...base, valid_from: '2030-01-01T00:00:00Z', valid_until: '2030-01-01T00:00:01Z' }, {}],
  ])('%o → %o', (coupon, issues) => expect(couponRuleIssues(coupon)).toEqual(issues));
});

describe('couponEditorSchema', () => {
  it('carries the rules as field issues and refuses more than two decimals and a duplicate product', () => {
    expect(issuesOf(couponEditorSchema.safeParse({ code: 'A1B', discount_type: 'PERCENTAGE', value: 101 }))).toEqual({ value: 'percentage_above_100' });
    expect(issuesOf(couponEditorSchema.safeParse({ code: 'A1B', discount_type: 'FIXED', value: 1.005 }))).toEqual({ value: 'whole_cents' });
    expect(issuesOf(couponEditorSchema.safeParse({ code: 'A1B', discount_type: 'FIXED', value: 1, product_ids: [3, 3] }))).toEqual({
      'product_ids.1': 'duplicate',
    });
    expect(couponEditorSchema.safeParse({ code: 'A1B', discount_type: 'FIXED', value: 1 }).success).toBe(true);
  });

  it('stores percentages as basis points and amounts as cents, and reads them back', () => {
    expect(storedCouponValue(12.5)).toBe(1250);
    expect(editorCouponValue(1250)).toBe(12.5);
  });
});

describe('subscription and voucher rules', () => {
  const pass = { slug: 'p', type: 'ONLINE', texts: { en: { title: 'P' } }, audiences: [{ audience_id: 1, price: 10 }] };
  it('refuses products on a physical pass, zero redemptions, no audience and one audience twice', () => {
    expect(issuesOf(subscriptionEditorSchema.safeParse({ ...pass, type: 'PHYSICAL', product_ids: [1] }))).toEqual({ product_ids: 'online_only' });
    expect(issuesOf(subscriptionEditorSchema.safeParse({ ...pass, redemptions: 0 }))).toEqual({ redemptions: 'unlimited_or_positive' });
    expect(issuesOf(subscriptionEditorSchema.safeParse({ ...pass, audiences: [] }))).toEqual({ audiences: 'too_small' });
    expect(
      issuesOf(
        subscriptionEditorSchema.safeParse({
          ...pass,
          audiences: [
            { audience_id: 1, price: 1 },
            { audience_id: 1, price: 2 },
          ],
        }),
      ),
    ).toEqual({ 'audiences.1': 'duplicate' });
  });

  const voucher = { slug: 'v', texts: { en: { title: 'V' } }, values: [{ price: 10, texts: { en: { name: 'Ten' } } }] };
  it('refuses min above max, a value of 0, and no values', () => {
    expect(issuesOf(voucherEditorSchema.safeParse({ ...voucher, min_quantity: 3, max_quantity: 2 }))).toEqual({ max_quantity: 'min_above_max' });
    expect(issuesOf(voucherEditorSchema.safeParse({ ...voucher, values: [{ price: 0, texts: {} }] }))).toEqual({ 'values.0.price': 'not_positive' });
    expect(issuesOf(voucherEditorSchema.safeParse({ ...voucher, values: [] }))).toEqual({ values: 'too_small' });
    expect(voucherEditorSchema.safeParse(voucher).success).toBe(true);
  });
});
