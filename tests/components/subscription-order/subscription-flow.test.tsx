/** The subscription order flow: passes per audience, pass holders, the password of a new customer, the simulated summary, and the submit. */
import { captureLanding } from '../../../src/lib/visit-enrichment.ts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Subscription } from '#domain/contracts/catalogue.ts';
import type { Client } from '#domain/contracts/client.ts';
import type { SubscriptionOrderRequest, SubscriptionRenewal } from '#domain/contracts/subscription-order.ts';
import { Component as SubscriptionRoute } from '../../../src/features/subscription-order/route.tsx';
import { useSubscriptionOrderStore } from '../../../src/features/subscription-order/store.ts';
import { clientQuery } from '../../../src/lib/api/client.ts';
import { EMPTY_CART, useCartStore } from '../../../src/lib/cart-store.ts';
import { RENEWAL_STORAGE_KEY, useRenewalStore } from '../../../src/lib/renewal-store.ts';
import { redirectPayment } from '../../../src/payments/redirect.ts';
import { createShopQueryClient, renderWithShop } from '../components/render-with-shop.tsx';
import * as shop from '../components/shop-fixtures.ts';
import { customerFields } from '../customer-form/customer-fields.ts';
import { server } from '../msw-server.ts';
import { demoClient } from '../product-order/flow-harness.tsx';

const family: Subscription = {
  id: 1,
  slug: 'family-membership',
  title: 'Family membership',
  description: null,
  image: null,
  label: null,
  state: 'PUBLISHED',
  type: 'PHYSICAL',
  price: 45,
  full: true,
  audiences: [
    { id: 11, name: 'Adult', description: null, price: 89 },
    { id: 12, name: 'Child', description: null, price: 45 },
  ],
  upsells: [],
  redemptions: -1,
  products: [],
};

function serve() {
  const recorded = { simulations: [] as SubscriptionOrderRequest[], submits: [] as SubscriptionOrderRequest[] };
  server.use(
    http.get('*/api/subscriptions/:id', () => HttpResponse.json(family)),
    http.get('*/api/groups/:clientId', () => HttpResponse.json([])),
    // An anonymous visitor: the password fields are asked.
    http.get('*/api/client', () => HttpResponse.json(null)),
    http.post('*/api/subscriptions', async ({ request }) => {
      const body = (await request.json()) as SubscriptionOrderRequest;
      const passes = Object.entries(body.audiences ?? {}).reduce((sum, [id, { quantity }]) => sum + quantity * (id === '11' ? 89 : 45), 0);
      const prices = { product: passes, upsell: 0, subtotal: passes, discount: 0, additions: 1, total: passes + 1 };
      if (body.simulate) {
        recorded.simulations.push(body);
        // As the server: a simulation asked on invoice is answered with the flag.
        return HttpResponse.json({
          ok: true,
          response: { payment: null, order: null, subscription: { amount: prices.total, prices }, invoice: body.invoice === true },
        });
      }
      recorded.submits.push(body);
      return HttpResponse.json({
        ok: true,
        response: {
          payment: { type: 'REDIRECT', gateway: 'test', hash: 'p1', transaction: { response: { url: 'https://pay.example/p1' } } },
          order: { status: 'PENDING', hash: 'o1' },
          subscription: { amount: prices.total, prices },
          invoice: false,
        },
      });
    }),
  );
  return recorded;
}

// The shop asks first name, last name and e-mail of everyone.
const organisation = { ...shop.organisation, fields: customerFields.slice(0, 3) };

function render(client: Client | null, path = '/subscription/1/family-membership', shopOrganisation = organisation) {
  const queryClient = createShopQueryClient({ organisation: shopOrganisation });
  queryClient.setQueryData(clientQuery('en').queryKey, client);
  return renderWithShop({ '/subscription/:id/:slug': <SubscriptionRoute />, '/': <p>home page</p>, '/client/login': <p>login page</p> }, { path, queryClient });
}

const renewal: SubscriptionRenewal = {
  id: 4,
  hash: 'renewal-h1',
  renewable: true,
  expiration: '2030-06-15',
  subscription: { id: 1, type: 'PHYSICAL', title: 'Family membership' },
  passes: [{ id: 9, audience: { id: 11, name: 'Adult' }, profile: { name: { full: 'Dana de Vries' }, avatar: null, birthday: null, age: null } }],
};

/** What a reload does to the renewal: memory is gone, this tab's sessionStorage is read again. */
async function reload() {
  const kept = sessionStorage.getItem(RENEWAL_STORAGE_KEY);
  act(() => useRenewalStore.setState({ renewal: null }));
  if (kept === null) sessionStorage.removeItem(RENEWAL_STORAGE_KEY);
  else sessionStorage.setItem(RENEWAL_STORAGE_KEY, kept);
  await act(() => useRenewalStore.persist.rehydrate());
}

beforeEach(() => {
  act(() => useSubscriptionOrderStore.setState({ customer: null, password: '', confirmation: '', holders: {}, quantities: {}, failedSubmits: 0 }));
  act(() => useRenewalStore.getState().renewalOrdered());
});
afterEach(() => vi.restoreAllMocks());

describe('the subscription flow', () => {
  it('prices the passes on the server and stops each audience at 10', async () => {
    const recorded = serve();
    const view = await render(null);
    const more = await screen.findByRole('button', { name: 'More: Adult' });
    for (let index = 0; index < 10; index += 1) await view.user.click(more);
    // At its limit the button is aria-disabled (it keeps the focus), not disabled.
    expect(more.getAttribute('aria-disabled')).toBe('true');
    await view.user.click(screen.getByRole('button', { name: 'Fewer: Adult' }));
    await waitFor(() => expect(screen.getByTestId('subscription-total').textContent).toBe('€802.00'));
    const asked = recorded.simulations.map((body) => body.audiences?.[11]?.quantity);
    expect(asked).toContain(9);
    expect(Math.max(...asked.map(Number))).toBe(10);
  });

  it('takes a typed pass quantity under the rule: at most 10 each, and a first one only while the total stays at most 10', async () => {
    const recorded = serve();
    const view = await render(null);
    const adult = await screen.findByRole('textbox', { name: 'Passes for Adult' });
    const child = screen.getByRole('textbox', { name: 'Passes for Child' });
    await view.user.clear(adult);
    await view.user.type(adult, '7{Enter}');
    expect((adult as HTMLInputElement).value).toBe('7');
    // Child is at 0: 7 + 4 > 10 is refused and Child stays at 0; 3 fits.
    await view.user.clear(child);
    await view.user.type(child, '4');
    await view.user.tab();
    expect((child as HTMLInputElement).value).toBe('0');
    await view.user.clear(child);
    await view.user.type(child, '3{Enter}');
    expect((child as HTMLInputElement).value).toBe('3');
    // An audience that has passes is capped at 10.
    await view.user.clear(adult);
    await view.user.type(adult, '25{Enter}');
    expect((adult as HTMLInputElement).value).toBe('10');
    await waitFor(() => expect(recorded.simulations.some((body) => body.audiences?.[11]?.quantity === 10)).toBe(true));
  });

  it('asks a new customer for a password and each pass holder, then pays through the dispatcher with the visit’s enrichment', async () => {
    const leaveTo = vi.spyOn(redirectPayment, 'leaveTo').mockImplementation(() => undefined);
    captureLanding('https://shop.example/?utm_medium=social', '');
    const recorded = serve();
    const view = await render(null);
    await view.user.click(await screen.findByRole('button', { name: 'More: Adult' }));
    await view.user.click(screen.getByRole('button', { name: 'More: Child' }));
    await view.user.click(screen.getByRole('button', { name: 'Next' }));
    await view.user.type(await screen.findByLabelText(/First name/), 'Ada');
    await view.user.type(screen.getByLabelText(/Last name/), 'Lovelace');
    await view.user.type(screen.getByLabelText(/^E-mail/), 'ada@example.test');
    await view.user.type(screen.getByLabelText(/Name on pass 1 \(Adult\)/), 'Ada Lovelace');
    await view.user.type(screen.getByLabelText(/Name on pass 2 \(Child\)/), 'Byron King');
    await view.user.type(screen.getByLabelText(/^Password/), 'kw7-pa-');
    await view.user.tab();
    expect(await screen.findByText('The password needs at least 8 characters.')).toBeTruthy();
    await view.user.type(screen.getByLabelText(/^Password/), 'x');
    await view.user.type(screen.getByLabelText(/Repeat the password/), 'kw7-pb-x');
    expect(await screen.findByText('The passwords do not match.')).toBeTruthy();
    await view.user.clear(screen.getByLabelText(/Repeat the password/));
    await view.user.type(screen.getByLabelText(/Repeat the password/), 'kw7-pa-x');
    await view.user.click(await screen.findByRole('button', { name: 'Pay €135.00' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('https://pay.example/p1'));
    expect(recorded.submits[0]).toMatchObject({
      subscription: { id: 1, quantity: 2 },
      audiences: { 11: { quantity: 1 }, 12: { quantity: 1 } },
      customer: { first_name: 'Ada', email: 'ada@example.test', password: 'kw7-pa-x' },
      enrichment: { landing_path: '/', utm_medium: 'social' },
      passes: [
        { pass: null, audience: 11, profile: { name: 'Ada Lovelace', birthday: null } },
        { pass: null, audience: 12, profile: { name: 'Byron King', birthday: null } },
      ],
    });
  });

  it('offers a business customer the order on invoice: the simulation asks it and the total to pay now is 0', async () => {
    const recorded = serve();
    const company = customerFields.find((field) => field.name === 'company')!;
    const invoicing = { ...organisation, fields: [...organisation.fields, company], business_fields: [{ type: 'COMPANY' as const, invoice: true }] };
    const view = await render(null, '/subscription/1/family-membership', invoicing);
    await view.user.click(await screen.findByRole('button', { name: 'More: Adult' }));
    await view.user.click(screen.getByRole('button', { name: 'Next' }));
    await view.user.click(await screen.findByRole('checkbox', { name: 'I am ordering for a company' }));
    await view.user.type(await screen.findByRole('textbox', { name: /Company/ }), 'Analytical Engines BV');
    expect(screen.getByTestId('subscription-total').textContent).toBe('€90.00');
    await view.user.click(screen.getByRole('checkbox', { name: /Order on invoice/ }));
    await waitFor(() => expect(screen.getByTestId('subscription-total').textContent).toBe('€0.00'));
    expect(recorded.simulations.at(-1)).toMatchObject({ invoice: true });
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeTruthy();
  });

  it('asks a signed-in client no password and sends no password', async () => {
    serve();
    const view = await render(demoClient);
    await view.user.click(await screen.findByRole('button', { name: 'More: Adult' }));
    await view.user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByLabelText(/Name on pass 1/);
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
  });

  it('moves the focus to an error summary on each refused Pay, naming the pass holders and the password too', async () => {
    const recorded = serve();
    const view = await render(null);
    await view.user.click(await screen.findByRole('button', { name: 'More: Adult' }));
    await view.user.click(screen.getByRole('button', { name: 'Next' }));
    await view.user.type(await screen.findByLabelText(/First name/), 'Ada');
    await view.user.click(await screen.findByRole('button', { name: 'Pay €90.00' }));
    expect(recorded.submits).toEqual([]);

    const summary = await screen.findByRole('group', { name: 'Please correct 4 fields' });
    expect(document.activeElement).toBe(summary);
    const links = within(summary)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual([
      'Last name: This field is required.',
      'E-mail address: This field is required.',
      'Name on pass 1 (Adult): This field is required.',
      'Password: The password needs at least 8 characters.',
    ]);
    await view.user.click(within(summary).getByRole('link', { name: /^Name on pass 1/ }));
    expect(document.activeElement).toBe(screen.getByLabelText(/Name on pass 1 \(Adult\)/));

    // Only the password left: the next refused Pay brings the focus back to a summary naming it.
    await view.user.type(screen.getByLabelText(/Name on pass 1 \(Adult\)/), 'Ada Lovelace');
    await view.user.type(screen.getByLabelText(/Last name/), 'Lovelace');
    await view.user.type(screen.getByLabelText(/^E-mail/), 'ada@example.test');
    await view.user.type(screen.getByLabelText(/^Password/), 'kw7-pa-x');
    await view.user.type(screen.getByLabelText(/Repeat the password/), 'kw7-pb-x');
    await view.user.click(screen.getByRole('button', { name: 'Pay €90.00' }));
    const again = await screen.findByRole('group', { name: 'Please correct 1 field' });
    expect(document.activeElement).toBe(again);
    await view.user.click(within(again).getByRole('link', { name: 'Repeat the password: The passwords do not match.' }));
    expect(document.activeElement).toBe(screen.getByLabelText(/Repeat the password/));
    expect(recorded.submits).toEqual([]);
  });

  it('sells no subscription while the product cart holds items', async () => {
    const recorded = serve();
    act(() =>
      useCartStore.setState({
        items: [{ productId: 1, slug: 'aquarium-entry', step: 'customer', quantity: 2, audiences: {}, date: null, plotId: null, upsells: {} }],
      }),
    );
    try {
      await render(demoClient);
      expect(await screen.findByText(/Memberships and gift vouchers are ordered on their own/)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'More: Adult' })).toBeNull();
      expect(recorded.simulations).toEqual([]);
    } finally {
      act(() => useCartStore.setState(EMPTY_CART));
    }
  });

  it('keeps a renewal over a reload until it is ordered, and sends its hash and passes', async () => {
    const leaveTo = vi.spyOn(redirectPayment, 'leaveTo').mockImplementation(() => undefined);
    const recorded = serve();
    act(() => useRenewalStore.getState().renewalStarted(renewal));
    await reload();
    const view = await render(demoClient, '/subscription/1/renew');
    expect(await screen.findByText('You are renewing your subscription (valid until Saturday, 15 June 2030).')).toBeTruthy();
    await waitFor(() => expect(recorded.simulations.at(-1)).toMatchObject({ renewal: 'renewal-h1', audiences: { 11: { quantity: 1 } } }));
    await view.user.click(screen.getByRole('button', { name: 'Next' }));
    expect((screen.getByLabelText(/Name on pass 1 \(Adult\)/) as HTMLInputElement).value).toBe('Dana de Vries');
    await view.user.click(await screen.findByRole('button', { name: 'Pay €90.00' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('https://pay.example/p1'));
    expect(recorded.submits[0]).toMatchObject({ renewal: 'renewal-h1', passes: [{ pass: 9, audience: 11 }] });
    // Ordered: a reload no longer renews.
    await reload();
    expect(useRenewalStore.getState().renewal).toBeNull();
  });

  it('checks a coupon with POST /api/coupon (type SUBSCRIPTION), shows a refusal and keeps the prices, then applies an accepted one', async () => {
    const recorded = serve();
    const asked: unknown[] = [];
    server.use(
      http.post('*/api/coupon', async ({ request }) => {
        const body = (await request.json()) as { coupon: string };
        asked.push(body);
        if (body.coupon.toUpperCase() !== 'SUMMER10')
          return HttpResponse.json(
            { ok: false, error: 'COUPON_INVALID', message: 'x', error_info: 'BOGUS is not a valid coupon or gift card code.' },
            { status: 400 },
          );
        return HttpResponse.json({ type: 'COUPON', data: { code: 'SUMMER10', type: 'PERCENTAGE', value: 10, max_ticket_amount: null } });
      }),
    );
    const view = await render(demoClient);
    await view.user.click(await screen.findByRole('button', { name: 'More: Adult' }));
    await waitFor(() => expect(screen.getByTestId('subscription-total').textContent).toBe('€90.00'));
    await view.user.click(screen.getByRole('button', { name: 'Add a coupon or gift card' }));
    await view.user.type(await screen.findByLabelText('Code'), 'bogus');
    await view.user.keyboard('{Enter}');
    expect(await screen.findByText('BOGUS is not a valid coupon or gift card code.')).toBeTruthy();
    expect(asked[0]).toEqual({ type: 'SUBSCRIPTION', subscription: 1, coupon: 'bogus', client: demoClient.id, coupons: [] });
    expect(recorded.simulations.every((body) => body.coupon === null)).toBe(true);
    expect(screen.getByTestId('subscription-total').textContent).toBe('€90.00');

    await view.user.clear(screen.getByLabelText('Code'));
    await view.user.type(screen.getByLabelText('Code'), 'summer10');
    await view.user.keyboard('{Enter}');
    expect(await screen.findByRole('button', { name: 'Remove SUMMER10' })).toBeTruthy();
    await waitFor(() => expect(recorded.simulations.at(-1)?.coupon).toBe('SUMMER10'));
  });

  it('asks an anonymous visitor to sign in before a coupon, without asking the server', async () => {
    serve();
    let asked = false;
    server.use(
      http.post('*/api/coupon', () => {
        asked = true;
        return HttpResponse.json({});
      }),
    );
    const view = await render(null);
    await view.user.click(await screen.findByRole('button', { name: 'Add a coupon or gift card' }));
    expect(await screen.findByText('Gift cards work without an account. Coupon codes work once you are signed in.')).toBeTruthy();
    await view.user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(view.currentPath()).toBe('/client/login');
    expect(asked).toBe(false);
  });

  it('shows a refused order in the order-failed modal', async () => {
    serve();
    server.use(
      http.post('*/api/subscriptions', async ({ request }) => {
        const body = (await request.json()) as SubscriptionOrderRequest;
        if (body.simulate) {
          const prices = { product: 89, upsell: 0, subtotal: 89, discount: 0, additions: 1, total: 90 };
          return HttpResponse.json({ ok: true, response: { payment: null, order: null, subscription: { amount: 90, prices }, invoice: false } });
        }
        return HttpResponse.json({ ok: false, error: 'PASSWORD_TOO_WEAK', message: 'x', fields: { password: 'PERSONAL' } }, { status: 400 });
      }),
    );
    const view = await render(null);
    await view.user.click(await screen.findByRole('button', { name: 'More: Adult' }));
    await view.user.click(screen.getByRole('button', { name: 'Next' }));
    await view.user.type(await screen.findByLabelText(/First name/), 'Ada');
    await view.user.type(screen.getByLabelText(/Last name/), 'Lovelace');
    await view.user.type(screen.getByLabelText(/^E-mail/), 'demo@tidewater.example');
    await view.user.type(screen.getByLabelText(/Name on pass 1 \(Adult\)/), 'Ada Lovelace');
    await view.user.type(screen.getByLabelText(/^Password/), 'adalovelace');
    await view.user.type(screen.getByLabelText(/Repeat the password/), 'adalovelace');
    await view.user.click(await screen.findByRole('button', { name: 'Pay €90.00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your order could not be placed' });
    // The server's reason, in words (issue 37): the storefront has no strength rule of its own to say it.
    expect(
      await within(dialog).findByText('This password is made of your own name or e-mail address, which an attacker tries first. Please choose another.'),
    ).toBeTruthy();
    await view.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
