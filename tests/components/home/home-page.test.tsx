import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useRenewalStore } from '../../../src/lib/renewal-store.ts';
import { HomePage } from '../../../src/features/home/components/home-page.tsx';
import { Component as HomeRoute } from '../../../src/features/home/route.tsx';
import { renderWithShop } from '../components/render-with-shop.tsx';
import { category, homeProducts } from '../components/shop-fixtures.ts';

function section(name: string) {
  return screen.getByRole('region', { name });
}

function cardLink(container: HTMLElement, title: string) {
  return within(within(container).getByRole('article', { name: title })).getByRole('link');
}

describe('home page', () => {
  it('shows the root category cards plus the items in no category', async () => {
    await renderWithShop({ '/': <HomeRoute /> }, { path: '/' });

    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Tidewater Zoo & Aquarium' })).toBeTruthy();
    expect(document.title).toBe('Tickets · Tidewater Zoo & Aquarium');

    const categoryCards = within(section('Categories')).getAllByRole('article');
    expect(categoryCards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual(['Day tickets', 'Memberships and gifts']);
    expect(cardLink(section('Categories'), 'Day tickets').getAttribute('href')).toBe('/category/100/day-tickets');

    const tickets = section('Tickets');
    expect(within(tickets).getAllByRole('article')).toHaveLength(1);
    const guidebook = within(tickets).getByRole('article', { name: 'Zoo guidebook' });
    expect(within(guidebook).getByText('from €12.95')).toBeTruthy();
    expect(within(guidebook).getByRole('link', { name: 'Book tickets: Zoo guidebook' }).getAttribute('href')).toBe('/product/3/zoo-guidebook');

    expect(screen.queryByRole('region', { name: 'Subscriptions' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Gift vouchers' })).toBeNull();
    expect(screen.queryByText('Aquarium entry')).toBeNull();
  });

  it('without categories shows no category cards and lists every item with its link', async () => {
    await renderWithShop({ '/': <HomeRoute /> }, { path: '/', data: { categories: [] } });

    expect(screen.queryByRole('region', { name: 'Categories' })).toBeNull();
    expect(within(section('Tickets')).getAllByRole('article')).toHaveLength(homeProducts.products.length);

    const entry = within(section('Tickets')).getByRole('article', { name: 'Aquarium entry' });
    expect(within(entry).getByText('Popular')).toBeTruthy();
    expect(within(entry).getByText('sharks').tagName).toBe('STRONG');
    expect(within(entry).getByText('from €9.50')).toBeTruthy();
    expect(entry.querySelector('img')?.getAttribute('src')).toBe('/images/aquarium-entry.svg');

    expect(cardLink(section('Subscriptions'), 'Family membership').getAttribute('href')).toBe('/subscription/10/family-membership');
    expect(cardLink(section('Gift vouchers'), 'Gift voucher').getAttribute('href')).toBe('/voucher/20/gift-voucher');
    expect(within(section('Gift vouchers')).getByText('from €25.00')).toBeTruthy();
  });

  it('shows no category cards when the only categories are not published', async () => {
    await renderWithShop({ '/': <HomeRoute /> }, { path: '/', data: { categories: [category(1, 'winter-lights', 'Winter lights', { state: 'DRAFT' })] } });
    expect(screen.queryByRole('region', { name: 'Categories' })).toBeNull();
    expect(within(section('Tickets')).getAllByRole('article')).toHaveLength(homeProducts.products.length);
  });

  it('follows the session seam: a renewal hides products and marks the current subscription', async () => {
    await renderWithShop({ '/': <HomePage session={{ cartHasItems: false, renewalSubscriptionId: 11 }} /> }, { path: '/' });

    expect(screen.queryByRole('region', { name: 'Tickets' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Categories' })).toBeNull();
    const pass = within(section('Subscriptions')).getByRole('article', { name: 'Online aquarium pass' });
    expect(within(pass).getByText('Your current subscription')).toBeTruthy();
  });

  it('hides the memberships-and-gifts category card with its items while the product cart holds items', async () => {
    await renderWithShop({ '/': <HomePage session={{ cartHasItems: true, renewalSubscriptionId: null }} /> }, { path: '/' });
    const categoryCards = within(section('Categories')).getAllByRole('article');
    expect(categoryCards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual(['Day tickets']);
    expect(screen.queryByRole('region', { name: 'Subscriptions' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Gift vouchers' })).toBeNull();
  });

  it('ignores a renewal kept in the tab once nobody is signed in', async () => {
    act(() =>
      useRenewalStore.getState().renewalStarted({
        id: 4,
        hash: 'h1',
        renewable: true,
        expiration: '2030-06-15',
        subscription: { id: 11, type: 'PHYSICAL', title: 'Online aquarium pass' },
        passes: [],
      }),
    );
    try {
      await renderWithShop({ '/': <HomeRoute /> }, { path: '/' });
      expect(within(section('Tickets')).getAllByRole('article')).toHaveLength(1);
      expect(screen.queryByText('Your current subscription')).toBeNull();
    } finally {
      act(() => useRenewalStore.getState().renewalOrdered());
    }
  });

  it('says so when nothing is on sale', async () => {
    await renderWithShop({ '/': <HomeRoute /> }, { path: '/', data: { categories: [], homeProducts: { products: [], subscriptions: [], vouchers: [] } } });
    expect(screen.getByRole('status').textContent).toBe('Nothing is on sale right now. Please come back later.');
  });
});
