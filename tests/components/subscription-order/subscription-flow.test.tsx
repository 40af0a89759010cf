/** The subscription order flow: passes per audience, pass holders, the password of a new customer, the simulated summary, and the submit. */
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Subscription } from '../../../src/domain/contracts/catalogue.ts';
import type { Client } from '../../../src/domain/contracts/client.ts';
import type { SubscriptionOrderRequest } from '../../../src/domain/contracts/subscription-order.ts';
import { Component as SubscriptionRoute } from '../../../src/features/subscription-order/route.tsx';
import { useSubscriptionOrderStore } from '../../../src/features/subscription-order/store.ts';
import { clientQuery } from '../../../src/lib/api/client.ts';
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
    // An anonymous visitor: the password fields are asked.
    http.get('*/api/client', () => HttpResponse.json(null)),
    http.post('*/api/subscriptions', async ({ request }) => {
      const body = (await request.json()) as SubscriptionOrderRequest;
      const passes = Object.entries(body.audiences ?? {}).reduce((sum, [id, { quantity }]) => sum + quantity * (id === '11' ? 89 : 45), 0);
      const prices = { product: passes, upsell: 0, subtotal: passes, discount: 0, additions: 1, total: passes + 1 };
      if (body.simulate) {
        recorded.simulations.push(body);
        return HttpResponse.json({ ok: true, response: { payment: null, order: null, subscription: { amount: prices.total, prices }, invoice: false } });
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

function render(client: Client | null) {
  const queryClient = createShopQueryClient({ organisation });
  queryClient.setQueryData(clientQuery('en').queryKey, client);
  return renderWithShop(
    { '/subscription/:id/:slug': <SubscriptionRoute />, '/': <p>home page</p> },
    { path: '/subscription/1/family-membership', queryClient },
  );
}

beforeEach(() =>
  act(() => useSubscriptionOrderStore.setState({ customer: null, password: '', confirmation: '', holders: {}, quantities: {}, failedSubmits: 0 })),
);
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

  it('asks a new customer for a password and each pass holder, then pays through the dispatcher', async () => {
    const leaveTo = vi.spyOn(redirectPayment, 'leaveTo').mockImplementation(() => undefined);
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
    await view.user.type(screen.getByLabelText(/^Password/), 'kw7-p');
    await view.user.tab();
    expect(await screen.findByText('The password needs at least 6 characters.')).toBeTruthy();
    await view.user.type(screen.getByLabelText(/^Password/), 'a');
    await view.user.type(screen.getByLabelText(/Repeat the password/), 'kw7-pb');
    expect(await screen.findByText('The passwords do not match.')).toBeTruthy();
    await view.user.clear(screen.getByLabelText(/Repeat the password/));
    await view.user.type(screen.getByLabelText(/Repeat the password/), 'kw7-pa');
    await view.user.click(await screen.findByRole('button', { name: 'Pay €135.00' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('https://pay.example/p1'));
    expect(recorded.submits[0]).toMatchObject({
      subscription: { id: 1, quantity: 2 },
      audiences: { 11: { quantity: 1 }, 12: { quantity: 1 } },
      customer: { first_name: 'Ada', email: 'ada@example.test', password: 'kw7-pa' },
      passes: [
        { pass: null, audience: 11, profile: { name: 'Ada Lovelace', birthday: null } },
        { pass: null, audience: 12, profile: { name: 'Byron King', birthday: null } },
      ],
    });
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
      'Password: The password needs at least 6 characters.',
    ]);
    await view.user.click(within(summary).getByRole('link', { name: /^Name on pass 1/ }));
    expect(document.activeElement).toBe(screen.getByLabelText(/Name on pass 1 \(Adult\)/));

    // Only the password left: the next refused Pay brings the focus back to a summary naming it.
    await view.user.type(screen.getByLabelText(/Name on pass 1 \(Adult\)/), 'Ada Lovelace');
    await view.user.type(screen.getByLabelText(/Last name/), 'Lovelace');
    await view.user.type(screen.getByLabelText(/^E-mail/), 'ada@example.test');
    await view.user.type(screen.getByLabelText(/^Password/), 'kw7-pa');
    await view.user.type(screen.getByLabelText(/Repeat the password/), 'kw7-pb');
    await view.user.click(screen.getByRole('button', { name: 'Pay €90.00' }));
    const again = await screen.findByRole('group', { name: 'Please correct 1 field' });
    expect(document.activeElement).toBe(again);
    await view.user.click(within(again).getByRole('link', { name: 'Repeat the password: The passwords do not match.' }));
    expect(document.activeElement).toBe(screen.getByLabelText(/Repeat the password/));
    expect(recorded.submits).toEqual([]);
  });
});
