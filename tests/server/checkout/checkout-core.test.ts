/**
 * The checkout core's decisions before anything is written (server/modules/checkout/checkout-core.ts
 * `prepare`): status, hold deadline, gateway, the offline payment, the holds — the same for every
 * line kind. Called directly: `prepare` runs no query.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../server/db/client.ts';
import { claimsOfOrders } from '../../../server/modules/checkout/booking-places.ts';
import { createCheckoutCore, holdDeadline, type CheckoutDraft } from '../../../server/modules/checkout/checkout-core.ts';
import { createTestGateway } from '../../../server/payments/test-gateway/test-gateway.ts';
import { systemClock } from '../../../server/clock.ts';

const NOW = new Date('2026-06-01T10:00:00Z');

const customer = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.org',
  company: null,
  vat_id: null,
  address: null,
  zipcode: null,
  city: null,
  fields: {},
};

function draft(change: Partial<CheckoutDraft> = {}): CheckoutDraft {
  return {
    kind: 'PRODUCT',
    action: 'pay',
    amountCents: 2_500,
    currency: 'EUR',
    shopHoldMinutes: 20,
    clientId: null,
    customer,
    language: 'en',
    orders: [
      {
        productId: 1,
        plotId: 7,
        quantity: 3,
        couponCodes: [],
        productCents: 2_500,
        upsellCents: 0,
        discountCents: 0,
        additionsCents: 0,
        totalCents: 2_500,
        enrichment: null,
        lines: [{ kind: 'TICKET', quantity: 3, unitPriceCents: 833 }],
        couponShares: [],
      },
    ],
    giftCardUse: [],
    ...change,
  };
}

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ dataDir: 'memory://' });
});
afterAll(async () => {
  await handle.close();
});

function core(holdMinutes: number | null) {
  return createCheckoutCore({
    db: handle.db,
    clock: systemClock,
    holdMinutes,
    publicUrl: 'http://shop.test',
    gatewayId: 'test',
    gateway: () => createTestGateway('redirect'),
    takings: [],
    settlement: {
      settle: () => {
        throw new Error('prepare settles nothing');
      },
    },
  });
}

describe('holdDeadline', () => {
  it('is the given minutes after now', () => {
    expect(holdDeadline(NOW, 15).toISOString()).toBe('2026-06-01T10:15:00.000Z');
  });
});

describe('claimsOfOrders', () => {
  it('claims the places and one order per booking on its slot, none without a slot', () => {
    expect(
      claimsOfOrders([
        { plotId: 4, quantity: 2 },
        { plotId: 4, quantity: 1 },
        { plotId: null, quantity: 5 },
      ]),
    ).toEqual([{ plotId: 4, places: 3, orders: 2 }]);
  });
});

describe('the checkout core prepares', () => {
  it('an order to pay: PENDING, held until the shop hold deadline, paid with the offline gateway created before writing', async () => {
    const prepared = await core(null).prepare(draft(), NOW);
    expect(prepared.status).toBe('PENDING');
    expect(prepared.sell).toBe(false);
    expect(prepared.expiresAt?.toISOString()).toBe('2026-06-01T10:20:00.000Z');
    expect(prepared.rows.payment).toMatchObject({ gateway: 'test', status: 'pending', amountCents: 2_500, currency: 'EUR' });
    expect(prepared.created?.transaction).toEqual({ response: { url: `/api/test-gateway/${prepared.rows.payment.hash}` } });
    expect(prepared.rows.orders.map((order) => order.holdPlaces)).toEqual([3]);
  });

  it('HOLD_MINUTES over the shop setting', async () => {
    const prepared = await core(5).prepare(draft(), NOW);
    expect(prepared.expiresAt?.toISOString()).toBe('2026-06-01T10:05:00.000Z');
  });

  it('nothing to pay: PAID at once, no gateway, no deadline, places sold rather than held', async () => {
    const prepared = await core(null).prepare(draft({ amountCents: 0 }), NOW);
    expect(prepared).toMatchObject({ status: 'PAID', sell: true, nothingToPay: 'none', expiresAt: null, gateway: null, created: null });
    expect(prepared.rows.payment).toMatchObject({ gateway: 'none', status: 'paid' });
    expect(prepared.rows.orders.map((order) => order.holdPlaces)).toEqual([0]);
  });

  it('on invoice: PAID at once with nothing paid online, the details on the checkout; never for a reservation', async () => {
    const details = { company: 'Analytical Engines BV', vat_id: 'NL123456789B01', address: null, zipcode: null, city: null };
    const prepared = await core(null).prepare(draft({ invoice: details }), NOW);
    expect(prepared).toMatchObject({ status: 'PAID', sell: true, nothingToPay: 'invoice', expiresAt: null, gateway: null, created: null });
    expect(prepared.rows.payment).toMatchObject({ gateway: 'invoice', status: 'paid', amountCents: 0 });
    expect(prepared.rows.invoice).toEqual(details);
    expect(prepared.rows.orders.map((order) => [order.totalCents, order.holdPlaces])).toEqual([[prepared.draft.orders[0]?.totalCents, 0]]);
    const reserved = await core(null).prepare(draft({ action: 'reserve', reservedUntil: () => NOW, invoice: details }), NOW);
    expect(reserved).toMatchObject({ status: 'RESERVED', nothingToPay: null });
    expect(reserved.rows.invoice).toBeNull();
  });

  it('a reservation: RESERVED until its own deadline, no gateway; a kind without one cannot be reserved', async () => {
    const until = new Date('2026-06-02T09:00:00Z');
    const prepared = await core(null).prepare(draft({ action: 'reserve', reservedUntil: () => until }), NOW);
    expect(prepared).toMatchObject({ status: 'RESERVED', sell: true, expiresAt: until, gateway: null });
    await expect(core(null).prepare(draft({ kind: 'VOUCHER', action: 'reserve' }), NOW)).rejects.toThrow('cannot be reserved');
  });

  it('an order without a slot (a subscription, a voucher) holds nothing', async () => {
    const [order] = draft().orders;
    const prepared = await core(null).prepare(draft({ kind: 'VOUCHER', orders: [{ ...order!, productId: null, plotId: null, voucherId: 2 }] }), NOW);
    expect(prepared.rows.kind).toBe('VOUCHER');
    expect(prepared.rows.orders.map((each) => each.holdPlaces)).toEqual([0]);
  });
});
