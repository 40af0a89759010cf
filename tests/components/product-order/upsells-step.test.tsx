import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useCartStore } from '../../../src/lib/cart-store.ts';
import { draft } from './draft.ts';
import { renderFlow, resetStores } from './flow-harness.tsx';
import { audioGuide, donation, productOf, serveOrderApi } from './order-fixtures.ts';

const shopItem = productOf(4, 'tour', 'Tour', { upsells: [audioGuide, donation] });

beforeEach(resetStores);

describe('upsells step', () => {
  it('reads a typed donation (comma as decimal point, other characters dropped) and sends it priced', async () => {
    const recorded = serveOrderApi({ products: [shopItem], upsells: { 4: [audioGuide, donation] } });
    act(() => useCartStore.setState({ current: draft(4, 'tour', { step: 'upsells' }) }));
    const view = await renderFlow('/product/4/tour');
    const amount = await screen.findByRole('textbox', { name: 'Support our sea turtles' });
    await view.user.type(amount, '€12,5x');
    expect(useCartStore.getState().current?.upsells['31']).toEqual({ quantity: 1, donationCents: 1250 });
    await view.user.click(screen.getByRole('button', { name: 'Donate more: Support our sea turtles' }));
    expect(useCartStore.getState().current?.upsells['31']).toEqual({ quantity: 1, donationCents: 1750 });
    expect((amount as HTMLInputElement).value).toBe('17.50');
    await waitFor(() => expect(recorded.simulations.at(-1)?.orders[0]?.upsells).toEqual({ 31: { quantity: 1, price: 17.5 } }));
    await view.user.clear(amount);
    await view.user.type(amount, 'abc');
    expect(useCartStore.getState().current?.upsells['31']).toEqual({ quantity: 0, donationCents: 0 });
  });

  it('steps a standard upsell from 0 up to its maximum', async () => {
    serveOrderApi({ products: [shopItem], upsells: { 4: [{ ...audioGuide, max_quantity: 2 }] } });
    act(() => useCartStore.setState({ current: draft(4, 'tour', { step: 'upsells' }) }));
    const view = await renderFlow('/product/4/tour');
    const more = await screen.findByRole('button', { name: 'More: Audio guide' });
    await view.user.click(more);
    await view.user.click(more);
    expect(more.getAttribute('aria-disabled')).toBe('true');
    expect(useCartStore.getState().current?.upsells['32']).toEqual({ quantity: 2 });
  });

  it("shows a donation's description as text, not as raw HTML", async () => {
    const described = { ...donation, description: '<p>Every euro helps our <strong>sea turtle</strong> rescue.</p>' };
    serveOrderApi({ products: [productOf(4, 'tour', 'Tour', { upsells: [described] })], upsells: { 4: [described] } });
    act(() => useCartStore.setState({ current: draft(4, 'tour', { step: 'upsells' }) }));
    await renderFlow('/product/4/tour');
    const group = await screen.findByRole('group', { name: 'Support our sea turtles' });
    expect(group.textContent).toContain('Every euro helps our sea turtle rescue.');
    expect(group.textContent).not.toContain('<p>');
    expect(screen.getByText('sea turtle').tagName).toBe('STRONG');
  });
});
