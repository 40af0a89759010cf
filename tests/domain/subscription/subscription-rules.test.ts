/** The subscription rules of src/domain/subscription: password, renewal dates, redemption limits. */
import { describe, expect, it } from 'vitest';
import { passwordProblem } from '#domain/subscription/password.ts';
import { firstRedeemable, redemptionRefusal, type RedeemableSubscription } from '#domain/subscription/redemption.ts';
import { isExpired, renewedExpiration } from '#domain/subscription/renewal.ts';

describe('passwordProblem', () => {
  it.each([
    ['12345', '12345', 'TOO_SHORT'],
    ['kw7-pa-x2', 'kw7-pb-x2', 'MISMATCH'],
    ['kw7-pa-x2', 'kw7-pa-x2', null],
    ['kw7-pa', 'kw7-pa', 'TOO_SHORT'],
    ['12345678', '12345678', 'TOO_COMMON'],
    ['', '', 'TOO_SHORT'],
  ])('%s / %s → %s', (password, confirmation, expected) => {
    expect(passwordProblem(password, confirmation)).toBe(expected);
  });
});

describe('renewedExpiration', () => {
  it('extends from the current expiration while it is ahead', () => {
    expect(renewedExpiration('2030-07-01', '2030-06-03', 365)).toBe('2031-07-01');
  });
  it('extends from today once it has passed, or without one', () => {
    expect(renewedExpiration('2030-05-01', '2030-06-03', 30)).toBe('2030-07-03');
    expect(renewedExpiration(null, '2030-06-03', 1)).toBe('2030-06-04');
    expect(renewedExpiration('2030-06-03', '2030-06-03', 1)).toBe('2030-06-04');
  });
  it('counts a pass valid through its expiry day', () => {
    expect(isExpired('2030-06-03', '2030-06-03')).toBe(false);
    expect(isExpired('2030-06-02', '2030-06-03')).toBe(true);
    expect(isExpired(null, '2030-06-03')).toBe(false);
  });
});

describe('redemptionRefusal', () => {
  const card: RedeemableSubscription = { type: 'ONLINE', token: 't', products: [1, 2], audiences: [7], availableRedemptions: 2, expiration: '2030-12-31' };
  const order = { productId: 1, quantity: 2, audiences: [7] };
  const today = '2030-06-03';

  it('offers a card that covers the product, the audiences and the quantity', () => {
    expect(redemptionRefusal(card, order, today)).toBeNull();
  });
  it.each([
    ['a PHYSICAL pass', { ...card, type: 'PHYSICAL' }, order, 'NOT_ONLINE'],
    ['no token', { ...card, token: null }, order, 'NOT_ONLINE'],
    ['another product', card, { ...order, productId: 3 }, 'PRODUCT_NOT_COVERED'],
    ['another audience', card, { ...order, audiences: [7, 8] }, 'AUDIENCE_NOT_COVERED'],
    ['an expired card', { ...card, expiration: '2030-06-02' }, order, 'EXPIRED'],
    ['more than is left', card, { ...order, quantity: 3 }, 'NO_REDEMPTIONS_LEFT'],
    ['none left', { ...card, availableRedemptions: 0 }, { ...order, quantity: 1 }, 'NO_REDEMPTIONS_LEFT'],
    ['2 on an unlimited card', { ...card, availableRedemptions: -1 }, order, 'NO_REDEMPTIONS_LEFT'],
  ])('refuses %s', (_, subscription, wanted, expected) => {
    expect(redemptionRefusal(subscription, wanted, today)).toBe(expected);
  });
  it('allows 1 on an unlimited card, and picks the first card that fits', () => {
    const unlimited = { ...card, availableRedemptions: -1 };
    expect(redemptionRefusal(unlimited, { ...order, quantity: 1 }, today)).toBeNull();
    expect(firstRedeemable([{ ...card, availableRedemptions: 1 }, unlimited, card], { ...order, quantity: 2 }, today)).toBe(card);
  });
});
