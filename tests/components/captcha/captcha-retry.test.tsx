/**
 * The captcha retry on the product order (spec sections 4 "Captcha" and 8), through the real
 * react-google-recaptcha against a fake `window.grecaptcha` (the script Google would serve): a
 * SECURITY_ failure with security enabled opens the captcha, its token goes on the retried order;
 * with security disabled, or on a second SECURITY_ failure, the order-failed modal shows instead.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Organisation } from '#domain/contracts/organisation.ts';
import { useCartStore } from '../../../src/lib/cart-store.ts';
import { redirectPayment } from '../../../src/payments/redirect.ts';
import { organisation } from '../components/shop-fixtures.ts';
import { draft } from '../product-order/draft.ts';
import { demoClient, renderFlow, resetStores } from '../product-order/flow-harness.tsx';
import { guidebook, serveOrderApi } from '../product-order/order-fixtures.ts';
import { installFakeGrecaptcha, removeFakeGrecaptcha, type RenderParams } from './fake-grecaptcha.ts';

const SITE_KEY = 'site-key-123';
const TOKEN = 'token-from-the-widget';
const secured: Organisation = { ...organisation, security: { enabled: true, captcha_key: SITE_KEY } };

const securityFailure = (code = 'SECURITY_CAPTCHA_REQUIRED') => HttpResponse.json({ ok: false, error: code, message: 'captcha' }, { status: 403 });
const paid = () =>
  HttpResponse.json({
    ok: true,
    response: {
      orders: [
        {
          order: { status: 'PENDING', hash: 'abc123' },
          payment: { type: 'REDIRECT', gateway: 'test', hash: 'abc123', transaction: { response: { url: 'https://pay.example/abc123' } } },
          prices: { product: 10, upsell: 0, subtotal: 10, discount: 0, additions: 0, total: 10 },
          invoice: false,
        },
      ],
    },
  });

async function payAtCustomerStep(organisationData: Organisation) {
  act(() => useCartStore.setState({ current: draft(3, 'zoo-guidebook', { step: 'customer' }) }));
  const view = await renderFlow('/product/3/zoo-guidebook', { client: demoClient, organisation: organisationData });
  await view.user.click(await screen.findByRole('button', { name: 'Pay €10.00' }));
  return view;
}

let rendered: RenderParams[];
beforeEach(() => {
  resetStores();
  rendered = installFakeGrecaptcha(TOKEN);
});
afterEach(() => {
  vi.restoreAllMocks();
  removeFakeGrecaptcha();
});

describe('the captcha on a SECURITY_ failure', () => {
  it('opens the captcha with the organisation key, then retries the order with the token and pays', async () => {
    const leaveTo = vi.spyOn(redirectPayment, 'leaveTo').mockImplementation(() => undefined);
    const recorded = serveOrderApi({ products: [guidebook], submit: () => (recorded.submits.length === 1 ? securityFailure() : paid()) });
    const view = await payAtCustomerStep(secured);

    const dialog = await screen.findByRole('dialog', { name: 'Please confirm you are not a robot' });
    const box = await within(dialog).findByRole('checkbox', { name: "I'm not a robot" });
    expect(rendered).toHaveLength(1);
    expect(rendered[0]).toMatchObject({ sitekey: SITE_KEY, hl: 'en' });
    expect(screen.queryByRole('dialog', { name: 'Your order could not be placed' })).toBeNull();

    await view.user.click(box);
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('https://pay.example/abc123'));
    expect(recorded.submits.map((body) => body.captcha)).toEqual([null, TOKEN]);
    expect(recorded.submits[1]).toMatchObject({ action: 'pay', customer: { email: 'demo@tidewater.example' }, orders: [{ product: { id: 3 } }] });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(useCartStore.getState().current).toBeNull();
  });

  it('shows the order-failed modal when a retried order fails with SECURITY_ again (no second captcha)', async () => {
    const recorded = serveOrderApi({
      products: [guidebook],
      submit: () => securityFailure(recorded.submits.length === 1 ? 'SECURITY_CAPTCHA_REQUIRED' : 'SECURITY_CAPTCHA_INVALID'),
    });
    const view = await payAtCustomerStep(secured);
    const dialog = await screen.findByRole('dialog', { name: 'Please confirm you are not a robot' });
    await view.user.click(await within(dialog).findByRole('checkbox', { name: "I'm not a robot" }));

    const failed = await screen.findByRole('dialog', { name: 'Your order could not be placed' });
    expect(within(failed).getByText('The security check failed. Please try again.')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Please confirm you are not a robot' })).toBeNull();
    expect(recorded.submits).toHaveLength(2);
    expect(rendered).toHaveLength(1);
  });

  it('closes without retrying when the visitor closes the captcha', async () => {
    const recorded = serveOrderApi({ products: [guidebook], submit: () => securityFailure() });
    const view = await payAtCustomerStep(secured);
    const dialog = await screen.findByRole('dialog', { name: 'Please confirm you are not a robot' });
    await within(dialog).findByRole('checkbox', { name: "I'm not a robot" });
    await view.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(recorded.submits).toHaveLength(1);
    expect(useCartStore.getState().current?.productId).toBe(3);
  });

  it.each([
    ['security is disabled', { enabled: false, captcha_key: SITE_KEY }],
    ['there is no captcha key', { enabled: true, captcha_key: null }],
  ])('shows the order-failed modal when %s', async (_name, security) => {
    const recorded = serveOrderApi({ products: [guidebook], submit: () => securityFailure() });
    await payAtCustomerStep({ ...organisation, security });
    const failed = await screen.findByRole('dialog', { name: 'Your order could not be placed' });
    expect(within(failed).getByText('Please confirm that you are not a robot.')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Please confirm you are not a robot' })).toBeNull();
    expect(recorded.submits).toHaveLength(1);
    expect(rendered).toHaveLength(0);
  });
});
