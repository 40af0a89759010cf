import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../msw-server.ts';
import { startupHandlers } from './fixtures.ts';
import { renderApp } from './render-app.tsx';

describe('routing', () => {
  it.each(['/no-such-page', '/404', '/product/3/aquarium-entry/extra'])('shows the not-found page at %s', async (path) => {
    server.use(...startupHandlers());
    await renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Back to the shop' }).getAttribute('href')).toBe('/');
    // The title is set by an effect once the page and the shop's name are there.
    await waitFor(() => expect(document.title).toBe('Page not found · Tidewater Zoo & Aquarium'));
  });

  it('has the landmarks and moves focus to the new page heading after navigating', async () => {
    server.use(
      ...startupHandlers(),
      http.get('*/api/plots', () => HttpResponse.json([])),
    );
    const { user } = await renderApp('/404');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });

    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getByRole('main').id).toBe('main');
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toBeTruthy();

    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Calendar' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Calendar' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Calendar' }).getAttribute('aria-current')).toBe('page');
  });
});
