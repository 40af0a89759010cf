import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Client } from '#domain/contracts/client.ts';
import { server } from '../msw-server.ts';
import { demoClient, startupHandlers } from './fixtures.ts';
import { renderApp } from './render-app.tsx';

describe('header: who is signed in', () => {
  it("shows the signed-in client's name and signs out", async () => {
    let signedIn: Client | null = demoClient;
    let logoutCalls = 0;
    server.use(
      http.post('*/api/client/logout', () => {
        logoutCalls += 1;
        signedIn = null;
        return new HttpResponse(null, { status: 204 });
      }),
      ...startupHandlers({ client: () => signedIn }),
    );
    const { user } = await renderApp('/calendar?from=header');

    const banner = await screen.findByRole('banner');
    expect(within(banner).getByText('Dana de Vries')).toBeTruthy();
    expect(within(banner).queryByRole('link', { name: 'Sign in' })).toBeNull();

    await user.click(await within(banner).findByRole('button', { name: 'Sign out' }));

    const signIn = await within(banner).findByRole('link', { name: 'Sign in' });
    expect(logoutCalls).toBe(1);
    expect(document.activeElement).toBe(signIn);
    expect(within(banner).queryByText('Dana de Vries')).toBeNull();
    expect(signIn.getAttribute('href')).toBe(`/client/login?redirect=${encodeURIComponent('/calendar?from=header')}`);
  });

  it('offers a Sign in link to an anonymous visitor', async () => {
    server.use(...startupHandlers());
    const { user, router } = await renderApp('/voucher-check');

    const banner = await screen.findByRole('banner');
    await user.click(within(banner).getByRole('link', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/client/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/voucher-check')}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
  });
});
