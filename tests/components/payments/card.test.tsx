/**
 * The CUSTOM:stripe path through the real @stripe/stripe-js: running the path shows the card-payment
 * button (spec section 4) and loads nothing; nothing of Stripe is in the page before the button is
 * pressed; pressing it puts Stripe.js's script tag in, starts Stripe with the publishable key
 * once the script has loaded, and then leaves for the hosted Checkout page. jsdom fetches no
 * scripts, so the tests play the browser: they define window.Stripe and fire the tag's load or
 * error event. (@stripe/stripe-js remembers a loaded script for the whole test file, so the
 * load failure has a file of its own: card-load-failure.test.tsx.)
 */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderPayment } from '#domain/contracts/orders.ts';
import { CardHost } from '../../../src/payments/card-host.tsx';
import { cardPayment, useCardStore } from '../../../src/payments/card.ts';
import { dispatchPayment } from '../../../src/payments/dispatcher.ts';
import { renderWithShop } from '../components/render-with-shop.tsx';

const STRIPE_JS = /^https:\/\/js\.stripe\.com\/[a-z0-9]+\/stripe\.js/;
const checkoutUrl = 'https://checkout.stripe.com/c/pay/cs_test_a1';

const payment = (response: Record<string, unknown>): OrderPayment => ({
  type: 'CUSTOM',
  gateway: 'stripe',
  hash: 'p-1',
  transaction: { response },
});

const complete = { key: 'pk_test_shop', session: 'cs_test_a1', url: checkoutUrl };
const stripeScripts = () => [...document.querySelectorAll<HTMLScriptElement>('script')].filter((script) => STRIPE_JS.test(script.src));
const browserWindow = window as unknown as { Stripe?: unknown };

afterEach(() => {
  vi.restoreAllMocks();
  delete browserWindow.Stripe;
  for (const script of document.querySelectorAll('script')) script.remove();
});

describe('the card (Stripe) payment path', () => {
  it('loads Stripe.js only when it runs, with the publishable key, then goes to the hosted Checkout page', async () => {
    const leaveTo = vi.spyOn(cardPayment, 'leaveTo').mockImplementation(() => undefined);
    const context = { navigate: vi.fn(), fail: vi.fn() };
    expect(stripeScripts()).toEqual([]);

    expect(cardPayment.run(payment(complete), context)).toBe(true);
    // Nothing loads before the shopper presses the card-payment button.
    await Promise.resolve();
    expect(stripeScripts()).toEqual([]);
    const checkout = useCardStore.getState().checkout;
    expect(checkout?.card).toEqual({ key: 'pk_test_shop', session: 'cs_test_a1', url: checkoutUrl });

    void cardPayment.pay(complete, context);
    await vi.waitFor(() => expect(stripeScripts()).toHaveLength(1));
    expect(leaveTo).not.toHaveBeenCalled();

    const stripe = vi.fn(() => ({}));
    browserWindow.Stripe = Object.assign(stripe, { version: 'endive' });
    stripeScripts()[0]?.dispatchEvent(new Event('load'));

    await vi.waitFor(() => expect(leaveTo).toHaveBeenCalledWith(checkoutUrl));
    expect(stripe).toHaveBeenCalledWith('pk_test_shop');
    expect(context.navigate).not.toHaveBeenCalled();
    expect(context.fail).not.toHaveBeenCalled();
  });

  it.each([
    ['no publishable key', { session: complete.session, url: complete.url }],
    ['no session', { key: complete.key, url: complete.url }],
    ['no address', { key: complete.key, session: complete.session }],
    ['an empty key', { ...complete, key: ' ' }],
    ['an address that is not a web address', { ...complete, url: 'javascript:alert(1)' }],
    ['an address that is not an address', { ...complete, url: 'checkout' }],
  ])('refuses a payment with %s, loading nothing', async (_case, response) => {
    const load = vi.spyOn(cardPayment, 'loadProvider');
    const leaveTo = vi.spyOn(cardPayment, 'leaveTo').mockImplementation(() => undefined);
    expect(cardPayment.run(payment(response), { navigate: vi.fn(), fail: vi.fn() })).toBe(false);
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    expect(leaveTo).not.toHaveBeenCalled();
    expect(stripeScripts()).toEqual([]);
    expect(useCardStore.getState().checkout).toBeNull();
  });

  it('is what the dispatcher runs for CUSTOM:stripe: a card-payment button that goes to Checkout when pressed', async () => {
    const load = vi.spyOn(cardPayment, 'loadProvider').mockResolvedValue(undefined);
    const leaveTo = vi.spyOn(cardPayment, 'leaveTo').mockImplementation(() => undefined);
    await renderWithShop({ '/': <CardHost /> }, { path: '/' });
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => expect(dispatchPayment(payment(complete), { navigate: vi.fn(), fail: vi.fn() })).toEqual({ ok: true }));
    const button = await screen.findByRole('button', { name: 'Pay by card' });
    expect(screen.getByRole('dialog', { name: 'Pay by card' })).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
    await userEvent.click(button);
    expect(load).toHaveBeenCalledWith('pk_test_shop');
    await vi.waitFor(() => expect(leaveTo).toHaveBeenCalledWith(checkoutUrl));
    expect(dispatchPayment(payment({}), { navigate: vi.fn(), fail: vi.fn() })).toEqual({ ok: false, key: 'CUSTOM:stripe' });
  });

  it('closing the card dialog keeps the shopper in the shop and loads nothing', async () => {
    const load = vi.spyOn(cardPayment, 'loadProvider').mockResolvedValue(undefined);
    await renderWithShop({ '/': <CardHost /> }, { path: '/' });
    act(() => void dispatchPayment(payment(complete), { navigate: vi.fn(), fail: vi.fn() }));
    await screen.findByRole('button', { name: 'Pay by card' });
    await userEvent.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(useCardStore.getState().checkout).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });
});
