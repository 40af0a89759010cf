/**
 * The CUSTOM:stripe path when Stripe.js cannot be loaded (blocked, offline): the caller is told
 * (the order-failed modal) and the shopper stays. Its own file because @stripe/stripe-js keeps the
 * outcome of its script for the whole module's life (card.test.tsx has the successful load).
 */
import { afterEach, expect, it, vi } from 'vitest';
import { cardPayment } from '../../../src/payments/card.ts';

const STRIPE_JS = /^https:\/\/js\.stripe\.com\/[a-z0-9]+\/stripe\.js/;
const stripeScripts = () => [...document.querySelectorAll<HTMLScriptElement>('script')].filter((script) => STRIPE_JS.test(script.src));

afterEach(() => {
  vi.restoreAllMocks();
  for (const script of document.querySelectorAll('script')) script.remove();
});

it('tells the caller when Stripe.js cannot be loaded, and does not leave', async () => {
  const leaveTo = vi.spyOn(cardPayment, 'leaveTo').mockImplementation(() => undefined);
  const context = { navigate: vi.fn(), fail: vi.fn() };
  const response = { key: 'pk_test_shop', session: 'cs_test_a1', url: 'https://checkout.stripe.com/c/pay/cs_test_a1' };
  expect(cardPayment.run({ type: 'CUSTOM', gateway: 'stripe', hash: 'p-1', transaction: { response } }, context)).toBe(true);
  void cardPayment.pay({ ...response }, context);

  await vi.waitFor(() => expect(stripeScripts()).toHaveLength(1));
  const [first] = stripeScripts();
  first?.dispatchEvent(new Event('error'));
  // @stripe/stripe-js tries once more, with a fresh script tag.
  await vi.waitFor(() => expect(stripeScripts()[0]).not.toBe(first));
  expect(context.fail).not.toHaveBeenCalled();
  stripeScripts()[0]?.dispatchEvent(new Event('error'));

  await vi.waitFor(() => expect(context.fail).toHaveBeenCalledTimes(1));
  expect(context.fail.mock.calls[0]?.[0]).toEqual(expect.objectContaining({ message: 'Failed to load Stripe.js' }));
  expect(leaveTo).not.toHaveBeenCalled();
});
