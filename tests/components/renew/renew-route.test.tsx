/** /renew/{hash}: to the login without a client; with one, a renewable answer starts the renewal, a failure shows error_info or "Unknown error". */
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SubscriptionRenewal } from '#domain/contracts/subscription-order.ts';
import { Component as RenewRoute } from '../../../src/features/renew/route.tsx';
import { clientQuery } from '../../../src/lib/api/client.ts';
import { useRenewalStore } from '../../../src/lib/renewal-store.ts';
import { createShopQueryClient, renderWithShop } from '../components/render-with-shop.tsx';
import * as shop from '../components/shop-fixtures.ts';
import { server } from '../msw-server.ts';
import { demoClient } from '../product-order/flow-harness.tsx';

const renewal: SubscriptionRenewal = {
  id: 4,
  hash: 'h1',
  renewable: true,
  expiration: '2030-06-15',
  subscription: { id: 1, type: 'PHYSICAL', title: 'Family membership' },
  passes: [{ id: 9, audience: { id: 11, name: 'Adult' }, profile: { name: { full: 'Dana de Vries' }, avatar: null, birthday: null, age: null } }],
};

function LoginProbe() {
  return <p data-testid="login-search">{useLocation().search}</p>;
}

function render(signedIn: boolean) {
  const queryClient = createShopQueryClient({ organisation: shop.organisation });
  queryClient.setQueryData(clientQuery('en').queryKey, signedIn ? demoClient : null);
  return renderWithShop(
    { '/renew/:hash': <RenewRoute />, '/client/login': <LoginProbe />, '/subscription/:id/:slug': <p>subscription page</p> },
    { path: '/renew/h1', queryClient },
  );
}

beforeEach(() => act(() => useRenewalStore.getState().renewalOrdered()));

describe('/renew/{hash}', () => {
  it('sends a visitor who is not signed in to the login, to come back here', async () => {
    const view = await render(false);
    await waitFor(() => expect(view.currentPath()).toBe('/client/login'));
    expect(screen.getByTestId('login-search').textContent).toBe('?redirect=%2Frenew%2Fh1');
  });

  it('keeps a renewable renewal and opens its subscription', async () => {
    server.use(http.get('*/api/client/subscription/:hash', () => HttpResponse.json(renewal)));
    const view = await render(true);
    await waitFor(() => expect(view.currentPath()).toBe('/subscription/1/renew'));
    expect(useRenewalStore.getState().renewal).toEqual(renewal);
  });

  it("shows the server's error_info, or Unknown error", async () => {
    server.use(
      http.get('*/api/client/subscription/:hash', () =>
        HttpResponse.json({ ok: false, error: 'NOT_FOUND', message: 'x', error_info: 'No such renewal.' }, { status: 404 }),
      ),
    );
    await render(true);
    expect(await screen.findByText('No such renewal.')).toBeTruthy();
  });

  it('says Unknown error without error_info', async () => {
    server.use(http.get('*/api/client/subscription/:hash', () => HttpResponse.json({ ok: false, error: 'NOT_FOUND', message: 'x' }, { status: 404 })));
    await render(true);
    expect(await screen.findByText('Unknown error')).toBeTruthy();
  });
});
