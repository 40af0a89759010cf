/**
 * A booking being moved as the product flow's order (src/features/product-order/moved-draft.ts):
 * what is preloaded for a rebooking and for a reservation change, and what the plot step does with
 * the booking's own slot.
 */
import { describe, expect, it } from 'vitest';
import type { BookingMove } from '../../../src/lib/booking-move-store.ts';
import { isMoveOf, movedDraft, ownSlotOf } from '../../../src/features/product-order/moved-draft.ts';
import { aquarium } from './order-fixtures.ts';

const customer = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.test',
  company: null,
  vat_id: null,
  address: null,
  zipcode: null,
  city: null,
  fields: {},
};
const common = { productId: 1, plot: 700, date: '2030-06-12', quantity: { 11: 2 }, upsells: { 32: 1 }, customer };
const change: BookingMove = { ...common, kind: 'change', hash: 'res_1' };
const rebook: BookingMove = { ...common, kind: 'rebook', hash: 'order_1', secret: 'shop-secret', date: null };

describe('movedDraft', () => {
  it('preloads a reservation change on its own slot, its tickets per audience and its extras', () => {
    expect(movedDraft(change, aquarium)).toMatchObject({
      productId: 1,
      step: 'plot',
      quantity: 0,
      audiences: { 11: 2, 12: 0 },
      date: '2030-06-12',
      plotId: 700,
      upsells: { 32: { quantity: 1 } },
      move: { kind: 'change', hash: 'res_1', plot: 700, places: 2 },
    });
  });

  it('preloads a rebooking with no slot chosen, carrying its secret', () => {
    expect(movedDraft(rebook, aquarium)).toMatchObject({
      date: null,
      plotId: null,
      move: { kind: 'rebook', hash: 'order_1', plot: 700, places: 2, secret: 'shop-secret' },
    });
  });

  it('tells a move from another move of the same product and from a plain order', () => {
    const draft = movedDraft(change, aquarium);
    expect(isMoveOf(draft, change)).toBe(true);
    expect(isMoveOf(draft, rebook)).toBe(false);
    expect(isMoveOf(draft, { ...change, hash: 'res_2' })).toBe(false);
    expect(isMoveOf({ ...draft, move: null }, change)).toBe(false);
  });
});

describe('ownSlotOf', () => {
  it('gives a change and a rebooking alike their own slot with its places', () => {
    expect(ownSlotOf(movedDraft(change, aquarium).move)).toEqual({ id: 700, places: 2 });
    expect(ownSlotOf(movedDraft(rebook, aquarium).move)).toEqual({ id: 700, places: 2 });
    expect(ownSlotOf(null)).toBeNull();
  });
});
