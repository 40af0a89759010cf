/** The account pages around /client/login (issue 19, item 13): sign-up, forgot password, the reset link, the account page. */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Account, Client } from '#domain/contracts/client.ts';
import { server } from '../msw-server.ts';
import { demoClient, errorBody, startupHandlers } from '../app/fixtures.ts';
import { renderApp } from '../app/render-app.tsx';

const account: Account = {
  orders: [
    {
      number: 41,
      hash: 'res-hash',
      kind: 'PRODUCT',
      status: 'RESERVED',
      title: 'Behind the scenes',
      date: '2030-06-10',
      start_time: '09:00',
      quantity: 2,
      total: 30,
      currency: 'EUR',
      created_at: '2030-06-01T10:00:00Z',
    },
    {
      number: 40,
      hash: 'paid-hash',
      kind: 'VOUCHER',
      status: 'PAID',
      title: 'Gift voucher',
      date: null,
      start_time: null,
      quantity: 0,
      total: 25,
      currency: 'EUR',
      created_at: '2030-05-01T10:00:00Z',
    },
  ],
  passes: [
    { id: 1, title: 'Family pass', type: 'PHYSICAL', expiration: '2031-01-31', available_redemptions: -1, renewable: true, renewal_hash: 'renew-me' },
    { id: 2, title: 'Old pass', type: 'PHYSICAL', expiration: '2029-01-31', available_redemptions: 3, renewable: false, renewal_hash: null },
  ],
  gift_cards: [{ code: 'ABCDE-FGHJK-MNPQR-STWXY', balance: 12.5, value: 25, expiration: null }],
};

function accountServer(initial: Client | null = null) {
  const state = { signedIn: initial, bodies: {} as Record<string, unknown[]> };
  const record = async (name: string, request: Request) => {
    const body = request.method === 'GET' ? null : await request.json();
    (state.bodies[name] ??= []).push(body);
    return body as Record<string, string>;
  };
  server.use(
    http.post('*/api/client/sign-up', async ({ request }) => {
      await record('signUp', request);
      return HttpResponse.json({ status: 'MAIL_SENT' }, { status: 202 });
    }),
    http.post('*/api/client/sign-in-link', async ({ request }) => {
      await record('link', request);
      return HttpResponse.json({ status: 'MAIL_SENT' }, { status: 202 });
    }),
    http.post('*/api/client/password-reset', async ({ request }) => {
      const body = await record('reset', request);
      if (body.token !== 'good-token') return errorBody('INVALID_TOKEN', 400);
      state.signedIn = demoClient;
      return HttpResponse.json(demoClient);
    }),
    http.get('*/api/client/account', () => (state.signedIn ? HttpResponse.json(account) : errorBody('LOGIN_REQUIRED', 401))),
    http.delete('*/api/client', async ({ request }) => {
      const body = await record('delete', request);
      if (body.password !== 'tidewater-demo') return errorBody('INVALID_CREDENTIALS', 401);
      state.signedIn = null;
      return HttpResponse.json({ ok: true });
    }),
    ...startupHandlers({ client: () => state.signedIn }),
  );
  return state;
}

describe('/client/sign-up', () => {
  it('checks the fields, then answers "check your mail" whatever the address', async () => {
    const state = accountServer();
    const { user } = await renderApp('/client/sign-up');
    expect(await screen.findByRole('heading', { level: 1, name: 'Make an account' })).toBeTruthy();
    await user.type(screen.getByLabelText(/^First name/), 'Robin');
    await user.type(screen.getByLabelText(/^Last name/), 'Vos');
    await user.type(screen.getByLabelText(/^E-mail address/), 'robin@example.test');
    await user.type(screen.getByLabelText(/^Password/), 'password');
    await user.type(screen.getByLabelText(/^Repeat the password/), 'password');
    await user.click(screen.getByRole('button', { name: 'Make my account' }));
    expect(await screen.findByText(/one of the most common ones/)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Password/));
    expect(state.bodies.signUp).toBeUndefined();

    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), 'a sea lion named Bob');
    await user.clear(screen.getByLabelText(/^Repeat the password/));
    await user.type(screen.getByLabelText(/^Repeat the password/), 'a sea lion named Bob{Enter}');
    expect((await screen.findByRole('status')).textContent).toContain('Check your mail: we sent a message to robin@example.test.');
    expect(state.bodies.signUp).toEqual([{ email: 'robin@example.test', password: 'a sea lion named Bob', first_name: 'Robin', last_name: 'Vos' }]);
  });

  it('is reached from the sign-in page, next to "forgot password"', async () => {
    accountServer();
    const { user, router } = await renderApp('/client/login');
    await user.click(await screen.findByRole('link', { name: 'Forgot your password?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/client/forgot'));
    await user.click(await screen.findByRole('link', { name: 'Back to sign in' }));
    await user.click(await screen.findByRole('link', { name: 'Make an account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/client/sign-up'));
  });
});

describe('forgot password', () => {
  it('asks for a link and says the same for every address', async () => {
    const state = accountServer();
    const { user } = await renderApp('/client/forgot');
    await user.type(await screen.findByLabelText(/^E-mail address/), 'someone@example.test{Enter}');
    expect((await screen.findByRole('status')).textContent).toBe(
      'If someone@example.test has an account, a link to choose a new password is on its way. Check your mail.',
    );
    expect(state.bodies.link).toEqual([{ email: 'someone@example.test' }]);
  });

  it('shows why a used or wrong link cannot set the password', async () => {
    const state = accountServer();
    const { user } = await renderApp('/client/reset?token=bad-token');
    await user.type(await screen.findByLabelText(/^New password/), 'a new tide at dawn');
    await user.type(screen.getByLabelText(/^Repeat the password/), 'a new tide at dawn{Enter}');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This sign-in link is not valid or has expired.'));

    expect(state.bodies.reset).toHaveLength(1);
  });

  it("sets a new password with the mail's link, and shows the account", async () => {
    const state = accountServer();
    const { user, router } = await renderApp('/client/reset?token=good-token');
    await user.type(await screen.findByLabelText(/^New password/), 'a new tide at dawn');
    await user.type(screen.getByLabelText(/^Repeat the password/), 'a new tide at dawn{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/client/account'));
    expect(state.bodies.reset?.at(-1)).toEqual({ token: 'good-token', password: 'a new tide at dawn' });
    expect(await screen.findByRole('heading', { level: 1, name: 'My account' })).toBeTruthy();
  });
});

describe('/client/account', () => {
  it('sends an anonymous visitor to sign in and come back', async () => {
    accountServer();
    const { router } = await renderApp('/client/account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/client/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fclient%2Faccount');
  });

  it('shows reservations, orders, passes with their renewal and gift cards with their balance', async () => {
    accountServer(demoClient);
    await renderApp('/client/account');
    const reservations = await screen.findByRole('region', { name: 'Reservation (1)' });
    expect(within(reservations).getByRole('link', { name: 'Order 41: Behind the scenes' }).getAttribute('href')).toBe('/reservation/res-hash');
    expect(within(reservations).getByText(/2 tickets/)).toBeTruthy();
    const orders = screen.getByRole('region', { name: 'Order (1)' });
    expect(within(orders).getByRole('link', { name: 'Order 40: Gift voucher' }).getAttribute('href')).toBe('/checkout/return/paid-hash');
    const passes = screen.getByRole('region', { name: 'Passes (2)' });
    expect(within(passes).getByRole('link', { name: 'Renew Family pass' }).getAttribute('href')).toBe('/renew/renew-me');
    expect(within(passes).queryByRole('link', { name: 'Renew Old pass' })).toBeNull();
    expect(within(passes).getByText(/3 visits left/)).toBeTruthy();
    const cards = screen.getByRole('region', { name: 'Gift card (1)' });
    expect(within(cards).getByText('ABCDE-FGHJK-MNPQR-STWXY')).toBeTruthy();
    expect(within(cards).getByText(/Balance €12\.50/)).toBeTruthy();
  });

  it('erases the account with the password asked again, then goes home signed out', async () => {
    const state = accountServer(demoClient);
    const { user, router } = await renderApp('/client/account');
    const field = await screen.findByLabelText(/^Current password/, { selector: '#account-delete-password' });
    await user.type(field, 'wrong');
    await user.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The e-mail address or password is not correct.'));
    await user.clear(field);
    await user.type(field, 'tidewater-demo');
    await user.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(state.bodies.delete).toEqual([{ password: 'wrong' }, { password: 'tidewater-demo' }]);
    expect(await within(screen.getByRole('banner')).findByRole('link', { name: 'Sign in' })).toBeTruthy();
  });
});
