import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useCartStore } from '../../../src/lib/cart-store.ts';
import { renderFlow, resetStores } from './flow-harness.tsx';
import { audioGuide, guidebook, plot, productOf, serveOrderApi, shopDay } from './order-fixtures.ts';

const stepHeading = () => screen.getAllByRole('heading', { level: 2 })[0]?.textContent;

beforeEach(resetStores);

describe('product order steps', () => {
  it('skips the plot, upsell and cross-sell steps a product does not have', async () => {
    serveOrderApi({ products: [guidebook] });
    const view = await renderFlow('/product/3/zoo-guidebook');
    expect(await screen.findByRole('heading', { level: 2, name: 'How many tickets?' })).toBeTruthy();
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    await view.user.click(screen.getByRole('button', { name: 'More: Tickets' }));
    expect(next.disabled).toBe(false);
    await view.user.click(next);
    expect(await screen.findByRole('heading', { level: 2, name: 'Your details' })).toBeTruthy();
    // Focus moves to the new step's heading.
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Your details' }));
    await view.user.click(screen.getByRole('button', { name: 'Back' }));
    expect(stepHeading()).toBe('How many tickets?');
    await view.user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(view.currentPath()).toBe('/'));
  });

  it('walks quantity → plot → upsells → cross-sells → customer and back again', async () => {
    const tour = productOf(4, 'behind-the-scenes', 'Behind the scenes', {
      options: { days: true, timeslots: true, audiences: false },
      types: { price: 'TIMESLOT', capacity: 'LIMITED' },
      cross_sells: [{ ...guidebook, full: false }],
    });
    serveOrderApi({ products: [tour, guidebook], plots: [plot(1, shopDay(2), '09:00'), plot(2, shopDay(3), '15:00')], upsells: { 4: [audioGuide] } });
    const view = await renderFlow('/product/4/behind-the-scenes');
    await view.user.click(await screen.findByRole('button', { name: 'More: Tickets' }));
    await view.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Choose a date and time' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: /09:00/ }).getAttribute('aria-pressed')).toBe('true'));
    await view.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Add extras' })).toBeTruthy();
    await view.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'You may also like' })).toBeTruthy();
    await view.user.click(screen.getByRole('button', { name: 'No thanks, continue' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Your details' })).toBeTruthy();
    for (const heading of ['You may also like', 'Add extras', 'Choose a date and time', 'How many tickets?']) {
      await view.user.click(screen.getByRole('button', { name: 'Back' }));
      expect(await screen.findByRole('heading', { level: 2, name: heading })).toBeTruthy();
    }
    expect(useCartStore.getState().current?.plotId).toBe(1);
  });

  it('a cross-sell puts the order in the cart and starts the other product', async () => {
    const tour = productOf(4, 'behind-the-scenes', 'Behind the scenes', { cross_sells: [{ ...guidebook, full: false }] });
    serveOrderApi({ products: [tour, guidebook] });
    const view = await renderFlow('/product/4/behind-the-scenes');
    await view.user.click(await screen.findByRole('button', { name: 'More: Tickets' }));
    await view.user.click(screen.getByRole('button', { name: 'Next' }));
    await view.user.click(await screen.findByRole('button', { name: 'Add Zoo guidebook' }));
    await waitFor(() => expect(view.currentPath()).toBe('/product/3/zoo-guidebook'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Zoo guidebook' })).toBeTruthy();
    expect(useCartStore.getState().items.map((item) => item.productId)).toEqual([4]);
    expect(useCartStore.getState().current?.productId).toBe(3);
    // Back from quantity resumes the earlier cart item at its customer step.
    await view.user.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(view.currentPath()).toBe('/product/4/behind-the-scenes'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Your details' })).toBeTruthy();
    expect(useCartStore.getState().items).toEqual([]);
  });
});
