import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { EMPTY_CART, useCartStore } from '../../../src/lib/cart-store.ts';
import type { Category } from '#domain/contracts/catalogue.ts';
import { Component as CategoryRoute } from '../../../src/features/catalogue/category-route.tsx';
import { server } from '../msw-server.ts';
import { renderWithShop } from '../components/render-with-shop.tsx';
import { categories, category, homeProducts, subscription, voucher } from '../components/shop-fixtures.ts';

const [entry, dayTicket, , backstage] = homeProducts.products;

const dayTickets: Category = {
  ...category(100, 'day-tickets', 'Day tickets', { description: '<p>Tickets for <em>one day</em>.</p>' }),
  full: true,
  children: [categories[1]!, category(104, 'hidden-tours', 'Hidden tours', { parent: 100, state: 'DRAFT' })],
  products: [entry!, dayTicket!],
  subscriptions: [subscription(12, 'archived-pass', 'Archived pass', 10, { state: 'ARCHIVED' })],
  vouchers: [],
};

const guidedTours: Category = {
  ...category(101, 'guided-tours', 'Guided tours', { parent: 100 }),
  full: true,
  children: [],
  products: [backstage!],
  subscriptions: [],
  vouchers: [],
};

function serveCategory(answer: (id: string) => Response) {
  const requests: { id: string; language: string | null }[] = [];
  server.use(
    http.get('*/api/categories/:id', ({ params, request }) => {
      requests.push({ id: String(params.id), language: request.headers.get('Accept-Language') });
      return answer(String(params.id));
    }),
  );
  return requests;
}

const routes = { '/': <h1>Home</h1>, '/category/:id/:slug': <CategoryRoute /> };

describe('category page', () => {
  it('shows title, description, listed sub-categories and items, and goes back home from a root category', async () => {
    const requests = serveCategory(() => HttpResponse.json(dayTickets));
    const { user, currentPath } = await renderWithShop(routes, { path: '/category/100/day-tickets' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Day tickets' })).toBeTruthy();
    expect(requests).toEqual([{ id: '100', language: 'en' }]);
    expect(document.title).toBe('Day tickets · Tidewater Zoo & Aquarium');
    expect(screen.getByText('one day').tagName).toBe('EM');

    const subCategories = screen.getByRole('region', { name: 'Categories' });
    // The draft sub-category is not listed.
    expect(
      within(subCategories)
        .getAllByRole('article')
        .map((card) => within(card).getByRole('heading').textContent),
    ).toEqual(['Guided tours']);
    expect(within(subCategories).getByRole('link', { name: 'View: Guided tours' }).getAttribute('href')).toBe('/category/101/guided-tours');

    const tickets = screen.getByRole('region', { name: 'Tickets' });
    const entryCard = within(tickets).getByRole('article', { name: 'Aquarium entry' });
    expect(within(entryCard).getByText('from €9.50')).toBeTruthy();
    expect(within(entryCard).getByRole('link', { name: 'Book tickets: Aquarium entry' }).getAttribute('href')).toBe('/product/1/aquarium-entry');
    expect(screen.queryByRole('region', { name: 'Subscriptions' })).toBeNull();

    await user.click(screen.getByRole('link', { name: /Back to the shop/ }));
    expect(currentPath()).toBe('/');
  });

  it('opens the product information modal from an item card', async () => {
    serveCategory(() => HttpResponse.json(dayTickets));
    const { user } = await renderWithShop(routes, { path: '/category/100/day-tickets' });

    const entryCard = await screen.findByRole('article', { name: 'Aquarium entry' });
    // The zoo day ticket has no description, so no information button.
    expect(within(screen.getByRole('article', { name: 'Zoo day ticket' })).queryByRole('button', { name: 'More info' })).toBeNull();

    await user.click(within(entryCard).getByRole('button', { name: 'More info' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aquarium entry' });
    expect(within(dialog).getByText('sharks').tagName).toBe('STRONG');
    expect(dialog.querySelector('img')?.getAttribute('src')).toBe('/images/aquarium-entry.svg');
  });

  it('goes back to the parent category from a sub-category', async () => {
    serveCategory((id) => HttpResponse.json(id === '101' ? guidedTours : dayTickets));
    const { user, currentPath } = await renderWithShop(routes, { path: '/category/101/guided-tours' });

    await screen.findByRole('heading', { level: 1, name: 'Guided tours' });
    await user.click(screen.getByRole('link', { name: /Back to Day tickets/ }));

    expect(currentPath()).toBe('/category/100/day-tickets');
    expect(await screen.findByRole('heading', { level: 1, name: 'Day tickets' })).toBeTruthy();
  });

  it('sends the visitor home when the category is not found', async () => {
    const requests = serveCategory(() => HttpResponse.json({ ok: false, error: 'NOT_FOUND', message: 'Not found' }, { status: 404 }));
    const { currentPath } = await renderWithShop(routes, { path: '/category/103/winter-lights' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeTruthy();
    expect(currentPath()).toBe('/');
    expect(requests).toHaveLength(1);
  });

  it('sends the visitor home when the category state is not served', async () => {
    serveCategory(() => HttpResponse.json({ ...dayTickets, state: 'ARCHIVED' }));
    const { currentPath } = await renderWithShop(routes, { path: '/category/100/day-tickets' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeTruthy();
    expect(currentPath()).toBe('/');
  });

  it('shows an INVISIBLE category reached by its link', async () => {
    serveCategory(() => HttpResponse.json({ ...guidedTours, parent: null, state: 'INVISIBLE', title: 'Night tours' }));
    await renderWithShop(routes, { path: '/category/105/night-tours' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Night tours' })).toBeTruthy();
  });

  it('offers a retry when loading fails for another reason', async () => {
    let fail = true;
    serveCategory(() => (fail ? HttpResponse.json({ ok: false, error: 'INTERNAL_ERROR', message: 'x' }, { status: 500 }) : HttpResponse.json(dayTickets)));
    const { user } = await renderWithShop(routes, { path: '/category/100/day-tickets' });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The category could not be loaded.');

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Day tickets' })).toBeTruthy();
  });

  it('sends the visitor home for an id that is not a number', async () => {
    const { currentPath } = await renderWithShop(routes, { path: '/category/abc/day-tickets' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeTruthy();
    expect(currentPath()).toBe('/');
  });

  it('offers no memberships or gifts while the product cart holds items, nor a sub-category holding only them', async () => {
    const memberships: Category = {
      ...category(102, 'memberships-and-gifts', 'Memberships and gifts'),
      full: true,
      children: [category(103, 'gift-cards', 'Gift cards', { parent: 102, vouchers: [20] })],
      products: [],
      subscriptions: [subscription(10, 'family', 'Family membership', 45)],
      vouchers: [voucher(20, 'gift', 'Gift voucher', 25)],
    };
    serveCategory(() => HttpResponse.json(memberships));
    act(() =>
      useCartStore.setState({
        items: [{ productId: 1, slug: 'aquarium-entry', step: 'customer', quantity: 2, audiences: {}, date: null, plotId: null, upsells: {} }],
      }),
    );
    await renderWithShop(routes, { path: '/category/102/memberships-and-gifts' });
    expect(await screen.findByText(/Memberships and gift vouchers are ordered on their own/)).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Family membership' })).toBeNull();
    expect(screen.queryByRole('article', { name: 'Gift voucher' })).toBeNull();
    expect(screen.queryByRole('article', { name: 'Gift cards' })).toBeNull();
  });
});

afterEach(() => act(() => useCartStore.setState(EMPTY_CART)));
