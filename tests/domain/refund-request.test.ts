import { describe, expect, it } from 'vitest';
import { EMPTY_REFUND_REQUEST, validateRefundRequest, type RefundRequest } from '#domain/validation/refund-request.ts';

const valid: RefundRequest = {
  first_name: 'Dana',
  last_name: 'de Vries',
  email: 'dana@tidewater.example',
  adress: '',
  order_number: '10452',
  comment: '',
};

describe('validateRefundRequest (spec section 5)', () => {
  it('accepts a complete request with the optional fields empty', () => {
    expect(validateRefundRequest(valid)).toEqual({});
  });

  it('marks every required field of an empty form', () => {
    expect(validateRefundRequest(EMPTY_REFUND_REQUEST)).toEqual({
      first_name: 'required',
      last_name: 'required',
      email: 'required',
      order_number: 'required',
    });
  });

  it.each<[Partial<RefundRequest>, Record<string, string>]>([
    [{ first_name: '  ' }, { first_name: 'required' }],
    [{ last_name: 'x'.repeat(65536) }, { last_name: 'too_long' }],
    [{ email: 'dana@' }, { email: 'email' }],
    [{ order_number: '12a' }, { order_number: 'number' }],
    [{ order_number: '1.234' }, { order_number: 'number' }],
    [{ order_number: '10452,5' }, {}],
    [{ order_number: '10452.55' }, {}],
    [{ comment: 'x'.repeat(65536) }, { comment: 'too_long' }],
    [{ adress: 'Havenstraat 12' }, {}],
  ])('%j → %j', (change, expected) => {
    expect(validateRefundRequest({ ...valid, ...change })).toEqual(expected);
  });
});
