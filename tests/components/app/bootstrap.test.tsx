import { screen, within, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../msw-server.ts';
import { errorBody, organisation, startupHandlers } from './fixtures.ts';
import { renderApp } from './render-app.tsx';
import { productOf, serveOrderApi } from '../product-order/order-fixtures.ts';

describe('start-up gate', () => {
  it('shows a loading state, then the app once all five start-up loads are in', async () => {
    const hits = new Map<string, number>();
    server.use(...startupHandlers({ hits }));

    await renderApp('/404');

    expect(screen.getByRole('status')).toHaveProperty('textContent', 'Loading the shop…');
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByRole('link', { name: organisation.name })).toHaveProperty('pathname', '/');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(Object.fromEntries(hits)).toEqual({
      client: 1,
      organisation: 1,
      'home/products': 1,
      faq: 1,
      categories: 1,
    });
    expect(within(banner).getByRole('link', { name: 'FAQ' })).toBeTruthy();
  });

  // The spec's polling (home every 250 ms, product pages every 100 ms until initialised) as the gate keeps it:
  // docs/decisions/start-up-gate-for-the-spec-polling.md.
  it('opens a product page only once the start-up loads are in, though its product answered first', async () => {
    let releaseOrganisation: () => void = () => undefined;
    const organisationHeld = new Promise<void>((resolve) => {
      releaseOrganisation = resolve;
    });
    const asked: string[] = [];
    server.use(
      http.get('*/api/organisation', async () => {
        await organisationHeld;
        asked.push('organisation answered');
        return HttpResponse.json(organisation);
      }),
      ...startupHandlers(),
    );
    const recorded = serveOrderApi({ products: [productOf(4, 'tour', 'Tour')] });
    server.use(
      http.get('*/api/products/:id', () => {
        asked.push('product');
        return HttpResponse.json(productOf(4, 'tour', 'Tour'));
      }),
    );

    await renderApp('/product/4/tour');

    // Its product is asked alongside the start-up loads, not after them...
    await waitFor(() => expect(asked).toEqual(['product']));
    // ...but the page and its flow wait for the organisation: nothing of it shows, nothing is priced.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByRole('status')).toHaveProperty('textContent', 'Loading the shop…');
    expect(screen.queryByRole('heading', { level: 1, name: 'Tour' })).toBeNull();
    expect(recorded.simulations).toEqual([]);

    releaseOrganisation();
    // The product flow's code is the biggest chunk a component test transforms: a cold worker on a busy machine needs its time.
    expect(await screen.findByRole('heading', { level: 1, name: 'Tour' }, { timeout: 20_000 })).toBeTruthy();
    expect(asked).toEqual(['product', 'organisation answered']);
  });

  it('shows a translated error when the organisation fails, and Retry loads the app', async () => {
    let organisationFails = true;
    server.use(
      http.get('*/api/organisation', () => (organisationFails ? errorBody('INTERNAL_ERROR', 500) : undefined)),
      ...startupHandlers(),
    );

    const { user } = await renderApp('/404');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { level: 1, name: 'The shop could not be loaded' })).toBeTruthy();
    // The server's reason arrives with the error translations, which load only on failure.
    await waitFor(() => expect(alert.textContent).toContain('Something went wrong on our side.'));
    expect(screen.queryByRole('banner')).toBeNull();

    organisationFails = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    const banner = await screen.findByRole('banner');
    expect(within(banner).getByText(organisation.name)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('still shows the app when only the FAQ fails, without the FAQ link', async () => {
    server.use(
      http.get('*/api/faq', () => errorBody('INTERNAL_ERROR', 500)),
      ...startupHandlers(),
    );

    await renderApp('/404');

    const banner = await screen.findByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Calendar' })).toBeTruthy();
    expect(within(banner).queryByRole('link', { name: 'FAQ' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('applies the organisation theme colour with a readable foreground', async () => {
    server.use(
      http.get('*/api/organisation', () => Response.json({ ...organisation, theme_colour: '1a237e' })),
      ...startupHandlers(),
    );

    await renderApp('/404');
    await screen.findByRole('banner');

    const style = document.documentElement.style;
    expect(style.getPropertyValue('--theme-colour')).toBe('#1a237e');
    expect(style.getPropertyValue('--theme-foreground')).toBe('#ffffff');
  });
});
