/**
 * The orders desk's search: the URL holds it (a shared link searches the same), a new search and the
 * next page are new history entries, and the back button returns to the previous search, box included.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { FoundOrder } from '#domain/contracts/backoffice-orders.schema.ts';
import OrdersDeskPage from '../../../src/backoffice/pages/orders/orders-desk-page.tsx';
import { server } from '../msw-server.ts';
import { renderBackofficePage } from './render-backoffice.tsx';

const found = (number: number, email: string): FoundOrder => ({
  id: number,
  number,
  hash: `h${number}`,
  kind: 'PRODUCT',
  status: 'PAID',
  payment_status: 'paid',
  gateway: 'test',
  created_at: '2030-06-01T10:00:00.000Z',
  name: 'Sam Jansen',
  email,
  product: 'Behind the scenes tour',
  date: '2030-06-11',
  time: '09:00',
  quantity: 2,
  total: 71,
  currency: 'EUR',
  invoice: false,
});

describe('orders desk', () => {
  it('searches what the URL holds, puts a new search and the next page in the history, and goes back', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('*/api/backoffice/order-filters', () =>
        HttpResponse.json({ products: [{ id: 3, slug: 'tour', texts: { en: { title: 'Behind the scenes tour' } } }] }),
      ),
      http.get('*/api/backoffice/orders', ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push(query);
        const q = query.get('q') ?? '';
        if (query.get('before')) return HttpResponse.json({ orders: [found(1001, q)], next_before: null });
        return HttpResponse.json({ orders: [found(q.startsWith('sam') ? 1200 : 1300, q)], next_before: 1200 });
      }),
    );
    const { user, router } = await renderBackofficePage('/orders', '/orders?q=sam%40example.org', <OrdersDeskPage />);
    expect(await screen.findByRole('link', { name: 'Order 1200' })).toBeTruthy();
    expect(asked.at(-1)?.get('q')).toBe('sam@example.org');
    const box = screen.getByRole('searchbox', { name: /^Order number, e-mail/ });
    expect(box).toHaveProperty('value', 'sam@example.org');
    expect(screen.getByText('Searching by e-mail address.')).toBeTruthy();

    await user.clear(box);
    await user.type(box, 'kim@example.org');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'PAID');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Product' }), 'Behind the scenes tour');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('link', { name: 'Order 1300' });
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ q: 'kim@example.org', status: 'PAID', product: '3' });
    expect(asked.at(-1)?.get('status')).toBe('PAID');

    await user.click(screen.getByRole('link', { name: 'Next page' }));
    await screen.findByRole('link', { name: 'Order 1001' });
    expect(asked.at(-1)?.get('before')).toBe('1200');

    await act(() => router.navigate(-1));
    await act(() => router.navigate(-1));
    await screen.findByRole('link', { name: 'Order 1200' });
    await waitFor(() => expect(screen.getByRole('searchbox', { name: /^Order number, e-mail/ })).toHaveProperty('value', 'sam@example.org'));
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2);
  });
});
