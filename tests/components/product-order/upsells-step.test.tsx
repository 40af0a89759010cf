import { act, screen, waitFor, within } from '@testing-library/react';
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

  it("shows a standard upsell's image and its description, cut at 100 characters behind read-more", async () => {
    const described = {
      ...audioGuide,
      image: '/images/audio-guide.svg',
      description: '<p>Forty minutes of stories from the keepers, in five languages, with a map of every tank and the feeding times of the day.</p>',
    };
    serveOrderApi({ products: [productOf(4, 'tour', 'Tour', { upsells: [described] })], upsells: { 4: [described] } });
    act(() => useCartStore.setState({ current: draft(4, 'tour', { step: 'upsells' }) }));
    const view = await renderFlow('/product/4/tour');
    const group = await screen.findByRole('group', { name: 'Audio guide' });
    expect(group.querySelector('img')?.getAttribute('src')).toBe('/images/audio-guide.svg');
    expect(group.textContent).toContain('Forty minutes of stories from the keepers, in five languages, with a map of every tank and the feedi…');
    await view.user.click(within(group).getByRole('button', { name: 'Read more' }));
    expect(group.textContent).toContain('the feeding times of the day.');
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

  it("cuts a donation's long description at 100 characters behind read-more, as every product description", async () => {
    const described = {
      ...donation,
      description:
        '<p>Every euro helps our <strong>sea turtle</strong> rescue: food, medicine and the long swim back to open water for the turtles we nurse.</p>',
    };
    serveOrderApi({ products: [productOf(4, 'tour', 'Tour', { upsells: [described] })], upsells: { 4: [described] } });
    act(() => useCartStore.setState({ current: draft(4, 'tour', { step: 'upsells' }) }));
    const view = await renderFlow('/product/4/tour');
    const group = await screen.findByRole('group', { name: 'Support our sea turtles' });
    expect(group.textContent).toContain('Every euro helps our sea turtle rescue: food, medicine and the long swim back to open water for the…');
    expect(group.textContent).not.toContain('turtles we nurse.');
    await view.user.click(within(group).getByRole('button', { name: 'Read more' }));
    expect(group.textContent).toContain('the turtles we nurse.');
    expect(within(group).getByText('sea turtle').tagName).toBe('STRONG');
  });
});
