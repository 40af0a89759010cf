import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { Client } from '#domain/contracts/client.ts';
import { installFakeGrecaptcha, removeFakeGrecaptcha } from '../captcha/fake-grecaptcha.ts';
import { server } from '../msw-server.ts';
import { demoClient, errorBody, organisation, startupHandlers } from '../app/fixtures.ts';
import { renderApp } from '../app/render-app.tsx';

/** A server with one client account; `signedIn` flips when a sign-in succeeds. */
function accountServer() {
  const state = { signedIn: null as Client | null, bodies: [] as unknown[] };
  server.use(
    http.post('*/api/client/login', async ({ request }) => {
      const body = (await request.json()) as { email: string; password: string };
      state.bodies.push(body);
      if (body.email !== demoClient.email || body.password !== 'tidewater-demo') return errorBody('INVALID_CREDENTIALS', 401);
      state.signedIn = demoClient;
      return HttpResponse.json(demoClient);
    }),
    http.post('*/api/client', async ({ request }) => {
      const body = (await request.json()) as { token: string };
      state.bodies.push(body);
      if (body.token !== 'good-token') return errorBody('INVALID_TOKEN', 401);
      state.signedIn = demoClient;
      return HttpResponse.json(demoClient);
    }),
    http.post('*/api/client/logout', () => {
      state.signedIn = null;
      return new HttpResponse(null, { status: 204 });
    }),
    ...startupHandlers({ client: () => state.signedIn }),
  );
  return state;
}

describe('/client/login', () => {
  it('shows the translated INVALID_CREDENTIALS error', async () => {
    const state = accountServer();
    const { user } = await renderApp('/client/login');

    await user.type(await screen.findByLabelText('E-mail address'), 'demo@tidewater.example');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toBe('The e-mail address or password is not correct.'));
    expect(state.bodies).toEqual([{ email: 'demo@tidewater.example', password: 'wrong-password' }]);
    expect(state.signedIn).toBeNull();
  });

  it('signs in, then goes to the same-site redirect with the client in the header', async () => {
    accountServer();
    const { user, router } = await renderApp('/client/login?redirect=%2F404%3Fday%3D2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(document.title).toBe('Sign in · Tidewater Zoo & Aquarium');

    await user.type(screen.getByLabelText('E-mail address'), '  demo@tidewater.example ');
    await user.type(screen.getByLabelText('Password'), 'tidewater-demo{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(router.state.location.search).toBe('?day=2');
    expect(within(screen.getByRole('banner')).getByText('Dana de Vries')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('ignores a redirect to another site', async () => {
    accountServer();
    const { user, router } = await renderApp('/client/login?redirect=%2F%2Fevil.example%2Fphish');

    await user.type(await screen.findByLabelText('E-mail address'), 'demo@tidewater.example');
    await user.type(screen.getByLabelText('Password'), 'tidewater-demo{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('checks the fields before sending anything', async () => {
    const state = accountServer();
    const { user } = await renderApp('/client/login');

    await user.click(await screen.findByRole('button', { name: 'Sign in' }));

    const email = screen.getByLabelText('E-mail address');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('This field is required.')).toHaveLength(2);
    expect(document.activeElement).toBe(email);

    await user.type(email, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter a valid e-mail address.')).toBeTruthy();
    expect(state.bodies).toEqual([]);
  });

  it('signs in with the token of a sign-in link', async () => {
    const state = accountServer();
    const { router } = await renderApp('/client/login?token=good-token&redirect=%2Fvoucher-check');

    await waitFor(() => expect(router.state.location.pathname).toBe('/voucher-check'));
    expect(state.bodies).toEqual([{ token: 'good-token' }]);
    expect(within(screen.getByRole('banner')).getByText('Dana de Vries')).toBeTruthy();
  });

  it('explains a sign-in link that cannot be used and offers the password form', async () => {
    const state = accountServer();
    await renderApp('/client/login?token=used-token');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This sign-in link could not be used.');
    expect(alert.textContent).toContain('This sign-in link is not valid or has expired.');
    expect(screen.getByLabelText('E-mail address')).toBeTruthy();
    expect(state.bodies).toEqual([{ token: 'used-token' }]);
  });

  it('shows who is signed in, with a sign-out button', async () => {
    const state = accountServer();
    state.signedIn = demoClient;
    const { user } = await renderApp('/client/login');

    const main = await screen.findByRole('main');
    expect(await within(main).findByText('You are signed in as Dana de Vries (demo@tidewater.example).')).toBeTruthy();
    expect(within(main).queryByLabelText('Password')).toBeNull();

    await user.click(within(main).getByRole('button', { name: 'Sign out' }));

    expect(await within(main).findByLabelText('Password')).toBeTruthy();
    expect(state.signedIn).toBeNull();
  });

  it('signs out on all devices', async () => {
    const state = accountServer();
    state.signedIn = demoClient;
    let everywhere = 0;
    server.use(
      http.post('*/api/client/logout-everywhere', () => {
        everywhere += 1;
        state.signedIn = null;
        return HttpResponse.json({ ok: true });
      }),
    );
    const { user } = await renderApp('/client/login');

    const main = await screen.findByRole('main');
    await user.click(await within(main).findByRole('button', { name: 'Sign out on all devices' }));

    expect(await within(main).findByLabelText('Password')).toBeTruthy();
    expect(everywhere).toBe(1);
  });
});

describe('/client/login with the captcha', () => {
  const TOKEN = 'token-from-the-widget';
  afterEach(removeFakeGrecaptcha);

  it('asks for the captcha when the account needs one, and signs in with its token', async () => {
    installFakeGrecaptcha(TOKEN);
    const bodies: { captcha?: string }[] = [];
    accountServer();
    server.use(
      http.get('*/api/organisation', () => HttpResponse.json({ ...organisation, security: { enabled: true, captcha_key: 'site-key' } })),
      http.post('*/api/client/login', async ({ request }) => {
        const body = (await request.json()) as { captcha?: string };
        bodies.push(body);
        return body.captcha === TOKEN ? HttpResponse.json(demoClient) : errorBody('SECURITY_CAPTCHA_REQUIRED', 403);
      }),
    );
    const { user, router } = await renderApp('/client/login?redirect=%2Ffaq');

    await user.type(await screen.findByLabelText('E-mail address'), 'demo@tidewater.example');
    await user.type(screen.getByLabelText('Password'), 'tidewater-demo{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Please confirm you are not a robot' });
    await user.click(await within(dialog).findByRole('checkbox', { name: "I'm not a robot" }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/faq'));
    expect(bodies.map((body) => body.captcha)).toEqual([undefined, TOKEN]);
  });
});
