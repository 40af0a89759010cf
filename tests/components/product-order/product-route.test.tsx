import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Product } from '#domain/contracts/catalogue.ts';
import { Component as ProductRoute } from '../../../src/features/product-order/route.tsx';
import { renderWithShop } from '../components/render-with-shop.tsx';
import { server } from '../msw-server.ts';

const night: Product = {
  id: 7,
  slug: 'night-at-the-aquarium',
  title: 'Night at the aquarium',
  description: '<p>Sleep beside the sharks.</p>',
  image: null,
  label: null,
  state: 'INVISIBLE',
  visible: false,
  price: 49,
  full: true,
  types: { price: 'FIXED', capacity: 'LIMITED' },
  options: { days: true, timeslots: true, audiences: false },
  settings: { show_end_time: true, show_availability: true },
  min_quantity: 1,
  max_quantity: 10,
  allow_reservations: false,
  availability: 30,
  audiences: [],
  upsells: [],
  cross_sells: [],
  plots: [],
};

function serveProduct(answer: () => Response) {
  const requests: string[] = [];
  server.use(
    // The order flow under the page asks for upsells and plots, and prices the order.
    http.get('*/api/products/:id/upsells', () => HttpResponse.json([])),
    http.get('*/api/products/:id/plots', () => HttpResponse.json([])),
    http.get('*/api/products/:id', ({ request }) => {
      requests.push(new URL(request.url).pathname);
      return answer();
    }),
  );
  return requests;
}

const robotsMeta = () => document.head.querySelector('meta[name="robots"]');

describe('/product/{id}/{slug}', () => {
  it('titles the page and keeps a product that is not visible out of search engines', async () => {
    serveProduct(() => HttpResponse.json(night));
    const view = await renderWithShop({ '/product/:id/:slug': <ProductRoute /> }, { path: '/product/7/night-at-the-aquarium' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Night at the aquarium' })).toBeTruthy();
    // Both are set by effects after the page renders.
    await waitFor(() => expect(robotsMeta()?.getAttribute('content')).toBe('noindex'));
    await waitFor(() => expect(document.title).toBe('Night at the aquarium · Tidewater Zoo & Aquarium'));
    view.unmount();
    expect(robotsMeta()).toBeNull();
  });

  it('cuts a description longer than 100 characters of text behind read-more, and opens the whole description', async () => {
    const description =
      '<p>Sleep beside the <strong>sharks</strong> in the ocean tunnel, with a torch-lit tour of the reef at midnight and breakfast with the keepers.</p>';
    serveProduct(() => HttpResponse.json({ ...night, description }));
    const view = await renderWithShop({ '/product/:id/:slug': <ProductRoute /> }, { path: '/product/7/night-at-the-aquarium' });
    const toggle = await screen.findByRole('button', { name: 'Read more' });
    const content = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(content?.textContent).toBe('Sleep beside the sharks in the ocean tunnel, with a torch-lit tour of the reef at midnight and break…');
    await view.user.click(toggle);
    expect(screen.getByText('sharks').tagName).toBe('STRONG');
    expect(screen.getByRole('button', { name: 'Read less' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('shows a description of up to 100 characters whole, without read-more', async () => {
    serveProduct(() => HttpResponse.json(night));
    await renderWithShop({ '/product/:id/:slug': <ProductRoute /> }, { path: '/product/7/night-at-the-aquarium' });
    expect(await screen.findByText('Sleep beside the sharks.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Read more' })).toBeNull();
  });

  it('lets search engines index a visible product', async () => {
    serveProduct(() => HttpResponse.json({ ...night, state: 'PUBLISHED', visible: true }));
    await renderWithShop({ '/product/:id/:slug': <ProductRoute /> }, { path: '/product/7/night-at-the-aquarium' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Night at the aquarium' })).toBeTruthy();
    expect(robotsMeta()).toBeNull();
  });

  it('sends the visitor home when the product cannot be loaded', async () => {
    serveProduct(() => HttpResponse.json({ ok: false, error: 'NOT_FOUND', message: 'gone' }, { status: 404 }));
    const view = await renderWithShop({ '/product/:id/:slug': <ProductRoute />, '/': <p>home</p> }, { path: '/product/99/gone' });
    await waitFor(() => expect(view.currentPath()).toBe('/'));
  });

  it('sends the visitor home without asking the API when the id is malformed', async () => {
    const requests = serveProduct(() => HttpResponse.json(night));
    const view = await renderWithShop({ '/product/:id/:slug': <ProductRoute />, '/': <p>home</p> }, { path: '/product/abc/x' });
    await waitFor(() => expect(view.currentPath()).toBe('/'));
    expect(requests).toEqual([]);
  });
});
