/**
 * The captcha modal when Google's script cannot be fetched (offline, blocked): it says so instead of
 * showing an empty box. In a file of its own: react-google-recaptcha remembers per page whether its
 * script loaded, and here it must never have.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import { useCartStore } from '../../../src/lib/cart-store.ts';
import { organisation } from '../components/shop-fixtures.ts';
import { draft } from '../product-order/draft.ts';
import { demoClient, renderFlow, resetStores } from '../product-order/flow-harness.tsx';
import { guidebook, serveOrderApi } from '../product-order/order-fixtures.ts';

beforeEach(resetStores);

it('says the security check could not be loaded when its script fails', async () => {
  serveOrderApi({
    products: [guidebook],
    submit: () => HttpResponse.json({ ok: false, error: 'SECURITY_CAPTCHA_REQUIRED', message: 'captcha' }, { status: 403 }),
  });
  act(() => useCartStore.setState({ current: draft(3, 'zoo-guidebook', { step: 'customer' }) }));
  const view = await renderFlow('/product/3/zoo-guidebook', {
    client: demoClient,
    organisation: { ...organisation, security: { enabled: true, captcha_key: 'site-key-123' } },
  });
  await view.user.click(await screen.findByRole('button', { name: 'Pay €10.00' }));

  const dialog = await screen.findByRole('dialog', { name: 'Please confirm you are not a robot' });
  // jsdom fetches no scripts: the library's <script> is made to fail as a blocked one would in a browser.
  const script = await waitFor(() => {
    const found = document.querySelector<HTMLScriptElement>('script[src*="/recaptcha/api.js"]');
    if (!found) throw new Error('no reCAPTCHA script yet');
    return found;
  });
  expect(script.src).toBe('https://www.google.com/recaptcha/api.js?onload=onloadcallback&render=explicit');
  expect(within(dialog).queryByRole('alert')).toBeNull();
  act(() => {
    script.dispatchEvent(new Event('error'));
  });
  expect((await within(dialog).findByRole('alert')).textContent).toBe('The security check could not be loaded. Check your connection and try again.');
});
