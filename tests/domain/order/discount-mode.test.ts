import { describe, expect, it } from 'vitest';
import { addAppliedCode, discountModeOf, removeAppliedCode, type AppliedCode } from '#domain/order/discount-mode.ts';

describe('addAppliedCode', () => {
  const list: AppliedCode[] = [{ code: 'SUMMER', kind: 'COUPON' }];
  it.each([
    ['stores upper-case', [], { code: 'summer', kind: 'COUPON' }, [{ code: 'SUMMER', kind: 'COUPON' }]],
    ['trims', [], { code: '  gift1 ', kind: 'VOUCHER' }, [{ code: 'GIFT1', kind: 'VOUCHER' }]],
    ['ignores a duplicate in any case', list, { code: 'Summer', kind: 'COUPON' }, list],
    ['ignores an empty code', list, { code: '  ', kind: 'COUPON' }, list],
    ['appends a new code', list, { code: 'gift1', kind: 'VOUCHER' }, [...list, { code: 'GIFT1', kind: 'VOUCHER' }]],
  ] as const)('%s', (_name, given, code, expected) => {
    expect(addAppliedCode(given, code)).toEqual(expected);
  });

  it('does not mutate the list', () => {
    const given: AppliedCode[] = [];
    addAppliedCode(given, { code: 'x', kind: 'COUPON' });
    expect(given).toEqual([]);
  });
});

describe('removeAppliedCode', () => {
  const list: AppliedCode[] = [
    { code: 'SUMMER', kind: 'COUPON' },
    { code: 'GIFT1', kind: 'VOUCHER' },
  ];
  it.each([
    ['gift1', [{ code: 'SUMMER', kind: 'COUPON' }]],
    ['SUMMER', [{ code: 'GIFT1', kind: 'VOUCHER' }]],
    ['other', list],
  ])('%s', (code, expected) => {
    expect(removeAppliedCode(list, code)).toEqual(expected);
  });
});

describe('discountModeOf', () => {
  it.each([
    [[], 'NONE'],
    [[{ code: 'A', kind: 'COUPON' }], 'COUPON'],
    [
      [
        { code: 'A', kind: 'COUPON' },
        { code: 'B', kind: 'VOUCHER' },
      ],
      'VOUCHER',
    ],
    [
      [
        { code: 'B', kind: 'VOUCHER' },
        { code: 'A', kind: 'COUPON' },
      ],
      'COUPON',
    ],
  ] as const)('%o → %s', (list, expected) => {
    expect(discountModeOf(list)).toBe(expected);
  });

  it('returns to NONE when the last code is removed', () => {
    let list = addAppliedCode([], { code: 'a', kind: 'VOUCHER' });
    expect(discountModeOf(list)).toBe('VOUCHER');
    list = removeAppliedCode(list, 'A');
    expect(discountModeOf(list)).toBe('NONE');
  });
});
