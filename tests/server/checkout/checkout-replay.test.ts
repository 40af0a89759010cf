import { describe, expect, it } from 'vitest';
import type { OrderPayment } from '#domain/contracts/orders.ts';
import type { OrderRecord } from '../../../server/db/schema/index.ts';
import { soleOrderOf } from '../../../server/modules/checkout/checkout-replay.ts';

const payment: OrderPayment = { type: 'REDIRECT', gateway: 'none', hash: 'p1', transaction: false };
const order = { id: 7, hash: 'o1', status: 'PAID' } as OrderRecord;

describe('soleOrderOf', () => {
  it('answers the one order of a voucher or subscription checkout with its payment', () => {
    expect(soleOrderOf({ orders: [order], payment }, 'voucher')).toEqual({ order, payment });
    expect(soleOrderOf({ orders: [order], payment: null }, 'subscription')).toEqual({ order, payment: null });
  });

  it('refuses a replayed checkout without an order, naming the flow', () => {
    expect(() => soleOrderOf({ orders: [], payment }, 'subscription')).toThrow('a replayed subscription checkout has no order');
  });
});
