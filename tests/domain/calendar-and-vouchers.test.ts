/** The calendar's preview and time rules, the voucher quantity and total rules, and gift card code shapes. */
import { describe, expect, it } from 'vitest';
import { groupByDay, previewText, slotTimeRange } from '#domain/calendar.ts';
import { GIFT_CARD_CODE_BITS, normaliseGiftCardCode } from '#domain/gift-card-code.ts';
import { voucherQuantityProblem, voucherValueMaximum } from '#domain/order/voucher-pricing.ts';

describe('calendar', () => {
  it('cuts the description text at 140 characters plus an ellipsis', () => {
    const long = `<p>${'a'.repeat(150)}</p>`;
    expect(previewText(long)).toBe(`${'a'.repeat(140)}…`);
    expect(previewText('<p>Short &amp; <b>sweet</b></p>')).toBe('Short & sweet');
    expect(previewText(`${'b'.repeat(140)}`)).toBe('b'.repeat(140));
    expect(previewText(null)).toBe('');
  });

  it('shows a slot as HH:MM - HH:MM and a whole-day plot as none', () => {
    expect(slotTimeRange({ start: '10:00:00', end: '11:30:00' })).toBe('10:00 - 11:30');
    expect(slotTimeRange({ start: '10:00', end: null })).toBe('10:00');
    expect(slotTimeRange({ start: null, end: null })).toBeNull();
  });

  it('groups entries per day in their order', () => {
    const days = groupByDay([
      { date: '2030-06-03', id: 1 },
      { date: '2030-06-04', id: 2 },
      { date: '2030-06-03', id: 3 },
    ]);
    expect([...days.keys()]).toEqual(['2030-06-03', '2030-06-04']);
    expect(days.get('2030-06-03')?.map((entry) => entry.id)).toEqual([1, 3]);
  });
});

describe('voucher quantities and totals', () => {
  const values = [
    { id: 1, priceCents: 2500, availability: null },
    { id: 2, priceCents: 10000, availability: 3 },
  ];
  const limits = { minQuantity: 2, maxQuantity: 5 };
  it('needs the minimum, stays within the maximum and each value stock', () => {
    expect(voucherQuantityProblem(new Map(), values, limits)).toBe('NOTHING_CHOSEN');
    expect(voucherQuantityProblem(new Map([[1, 1]]), values, limits)).toBe('BELOW_MINIMUM');
    expect(voucherQuantityProblem(new Map([[1, 6]]), values, limits)).toBe('ABOVE_MAXIMUM');
    expect(voucherQuantityProblem(new Map([[2, 4]]), values, limits)).toBe('SOLD_OUT');
    expect(
      voucherQuantityProblem(
        new Map([
          [1, 1],
          [2, 1],
        ]),
        values,
        limits,
      ),
    ).toBeNull();
    expect(voucherValueMaximum(values[1] as (typeof values)[number], new Map([[1, 1]]), limits)).toBe(3);
    expect(voucherValueMaximum(values[0] as (typeof values)[number], new Map([[2, 3]]), limits)).toBe(2);
  });
});

describe('gift card codes', () => {
  it('carry at least 80 bits and map typed variants to one code', () => {
    expect(GIFT_CARD_CODE_BITS).toBeGreaterThanOrEqual(80);
    expect(normaliseGiftCardCode('abcde-fghjk mnpqr-stwxy')).toBe('ABCDE-FGHJK-MNPQR-STWXY');
  });
});
