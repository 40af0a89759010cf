/** Coupon and gift-card rows as the coupon module reads them, for the pure rules. */
import type { CouponRow, GiftCardRow } from '../../../server/modules/coupons/coupon.repo.ts';

export function coupon(code: string, rule: Partial<CouponRow> = {}): CouponRow {
  return {
    id: code.length,
    code,
    discountType: 'PERCENTAGE',
    value: 1000,
    maxTicketAmount: null,
    validFrom: null,
    validUntil: null,
    usageLimit: null,
    usedCount: 0,
    products: [],
    subscriptions: [],
    customerGroupId: null,
    version: 1,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    ...rule,
  };
}

export function giftCard(code: string, creditCents: number, card: Partial<GiftCardRow> = {}): GiftCardRow {
  return {
    id: code.length + 1000,
    code,
    voucherId: null,
    creditCents,
    expiresOn: null,
    orderId: null,
    valueCents: creditCents,
    orderLineId: null,
    serial: null,
    pageHash: null,
    voidedAt: null,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    ...card,
  };
}
