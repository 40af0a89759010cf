import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY, useCartStore } from '../../../src/lib/cart-store.ts';
import { draft } from './draft.ts';
import { renderFlow, resetStores } from './flow-harness.tsx';
import { guidebook, productOf, serveOrderApi } from './order-fixtures.ts';

const tour = productOf(4, 'tour', 'Tour');

beforeEach(resetStores);

function cartWithTwoOrders() {
  act(() =>
    useCartStore.setState({
      items: [draft(3, 'zoo-guidebook', { step: 'customer', quantity: 2 })],
      current: draft(4, 'tour', { step: 'customer', quantity: 1 }),
    }),
  );
}

describe('cart summary', () => {
  it('deletes an earlier item after confirmation and prices the cart again', async () => {
    const recorded = serveOrderApi({ products: [tour, guidebook] });
    cartWithTwoOrders();
    const view = await renderFlow('/product/4/tour');
    await waitFor(() => expect(recorded.simulations.at(-1)?.orders).toHaveLength(2));
    expect(await screen.findByText('€30.00', { selector: '.price-lines__total' })).toBeTruthy();
    await view.user.click(await screen.findByRole('button', { name: 'Delete Zoo guidebook' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove from the cart?' });
    expect(useCartStore.getState().items).toHaveLength(1);
    await view.user.click(within(dialog).getByRole('button', { name: 'Yes, remove' }));
    expect(useCartStore.getState().items).toEqual([]);
    await waitFor(() => expect(recorded.simulations.at(-1)?.orders.map((order) => order.product.id)).toEqual([4]));
    expect(await screen.findByText('€10.00', { selector: '.price-lines__total' })).toBeTruthy();
  });

  it('keeps the item when deleting is cancelled', async () => {
    serveOrderApi({ products: [tour, guidebook] });
    cartWithTwoOrders();
    const view = await renderFlow('/product/4/tour');
    await view.user.click(await screen.findByRole('button', { name: 'Delete Zoo guidebook' }));
    await view.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(useCartStore.getState().items).toHaveLength(1);
  });

  it('edits an earlier item: it becomes the current order and the current one takes its place', async () => {
    serveOrderApi({ products: [tour, guidebook] });
    cartWithTwoOrders();
    const view = await renderFlow('/product/4/tour');
    await view.user.click(await screen.findByRole('button', { name: 'Edit Zoo guidebook' }));
    await waitFor(() => expect(view.currentPath()).toBe('/product/3/zoo-guidebook'));
    expect(await screen.findByRole('heading', { level: 2, name: 'How many tickets?' })).toBeTruthy();
    expect(useCartStore.getState().current).toMatchObject({ productId: 3, quantity: 2 });
    expect(useCartStore.getState().items.map((item) => item.productId)).toEqual([4]);
  });

  it('edits the current order: back to its first step, its choices kept', async () => {
    serveOrderApi({ products: [tour, guidebook] });
    cartWithTwoOrders();
    const view = await renderFlow('/product/4/tour');
    await view.user.click(await screen.findByRole('button', { name: 'Edit Tour' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'How many tickets?' })).toBeTruthy();
    expect(view.currentPath()).toBe('/product/4/tour');
    expect(useCartStore.getState().current).toMatchObject({ productId: 4, quantity: 1, step: 'quantity' });
    expect(useCartStore.getState().items.map((item) => item.productId)).toEqual([3]);
  });

  it('deletes the current order after confirmation: the last cart item comes back at its customer step', async () => {
    serveOrderApi({ products: [tour, guidebook] });
    cartWithTwoOrders();
    const view = await renderFlow('/product/4/tour');
    await view.user.click(await screen.findByRole('button', { name: 'Delete Tour' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove from the cart?' });
    expect(useCartStore.getState().current?.productId).toBe(4);
    await view.user.click(within(dialog).getByRole('button', { name: 'Yes, remove' }));
    await waitFor(() => expect(view.currentPath()).toBe('/product/3/zoo-guidebook'));
    expect(useCartStore.getState()).toMatchObject({ current: { productId: 3, step: 'customer' }, items: [] });
  });

  it('deletes the only order after confirmation and goes home with an empty cart', async () => {
    serveOrderApi({ products: [tour] });
    act(() => useCartStore.setState({ current: draft(4, 'tour', { step: 'customer' }) }));
    const view = await renderFlow('/product/4/tour');
    await view.user.click(await screen.findByRole('button', { name: 'Delete Tour' }));
    await view.user.click(within(screen.getByRole('dialog', { name: 'Remove from the cart?' })).getByRole('button', { name: 'Yes, remove' }));
    await waitFor(() => expect(view.currentPath()).toBe('/'));
    expect(useCartStore.getState()).toMatchObject({ current: null, items: [] });
  });

  it('"Add more" puts the order in the cart and goes home', async () => {
    serveOrderApi({ products: [tour] });
    act(() => useCartStore.setState({ current: draft(4, 'tour', { step: 'customer' }) }));
    const view = await renderFlow('/product/4/tour');
    await view.user.click(await screen.findByRole('button', { name: 'Add more' }));
    await waitFor(() => expect(view.currentPath()).toBe('/'));
    expect(useCartStore.getState()).toMatchObject({ current: null, items: [{ productId: 4, step: 'customer' }] });
  });

  it('survives a reload: the cart, the step and the customer come back from localStorage', async () => {
    serveOrderApi({ products: [guidebook] });
    const first = await renderFlow('/product/3/zoo-guidebook');
    const more = await screen.findByRole('button', { name: 'More: Tickets' });
    await first.user.click(more);
    await first.user.click(more);
    await first.user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Your details' });
    first.unmount();

    const saved = localStorage.getItem(CART_STORAGE_KEY);
    expect(saved).toContain('"step":"customer"');
    resetStores();
    expect(useCartStore.getState().current).toBeNull();
    localStorage.setItem(CART_STORAGE_KEY, saved ?? '');
    await act(() => useCartStore.persist.rehydrate());

    await renderFlow('/product/3/zoo-guidebook');
    expect(await screen.findByRole('heading', { level: 2, name: 'Your details' })).toBeTruthy();
    expect(useCartStore.getState().current).toMatchObject({ productId: 3, quantity: 2 });
  });

  it('drops a cart saved by another version', async () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ state: { current: { productId: 'x' } }, version: 0 }));
    await act(() => useCartStore.persist.rehydrate());
    expect(useCartStore.getState().current).toBeNull();
  });
});
