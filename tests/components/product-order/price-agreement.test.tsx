/**
 * The prices a visitor sees add up (issue: a slot said €46.50 while the panel said €47.50, an
 * item line €59.00 above a €58.00 subtotal, and the booking fee came late as "Fees"). Every amount
 * here comes from the API (plots and simulation answers); the test's API adds the €1.00 booking fee
 * once per submission, on its first order, as the demo shop does.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OrderRequest, OrderResult } from '#domain/contracts/orders.ts';
import { useCartStore } from '../../../src/lib/cart-store.ts';
import * as shop from '../components/shop-fixtures.ts';
import { server } from '../msw-server.ts';
import { draft } from './draft.ts';
import { renderFlow, resetStores } from './flow-harness.tsx';
import { audioGuide, plot, productOf, serveOrderApi, shopDay } from './order-fixtures.ts';

const organisation = {
  ...shop.organisation,
  additions: [
    { id: 1, name: 'Booking fee', amount: 1, type: 0 as const },
    { id: 2, name: 'Rebooking fee', amount: 2.5, type: 1 as const },
  ],
};

const tour = productOf(4, 'behind-the-scenes', 'Behind the scenes', {
  price: 15.5,
  options: { days: true, timeslots: true, audiences: false },
  types: { price: 'TIMESLOT', capacity: 'LIMITED' },
  upsells: [audioGuide],
});

// Three tickets at €15.50 on either slot: the plots answer's price for the order.
const plots = [plot(1, shopDay(1), '10:00', { price: 15.5, lowestTotalPrice: 46.5 }), plot(2, shopDay(1), '12:00', { price: 15.5, lowestTotalPrice: 46.5 })];

/** The API's simulation: tickets at the plot's price, audio guides at €4.00, a €1.00 booking fee per order. */
function servePricing() {
  server.use(
    http.post('*/api/orders', async ({ request }) => {
      const body = (await request.json()) as OrderRequest;
      const orders: OrderResult[] = body.orders.map((order, index) => {
        const product = 15.5 * order.product.quantity;
        const upsell = 4 * (order.upsells?.[String(audioGuide.id)]?.quantity ?? 0);
        const subtotal = product + upsell;
        const additions = index === 0 ? 1 : 0;
        return { order: null, payment: null, prices: { product, upsell, subtotal, discount: 0, additions, total: subtotal + additions }, invoice: false };
      });
      return HttpResponse.json({ ok: true, response: { orders } });
    }),
  );
}

function priceLines() {
  const list = document.querySelector('.price-lines') as HTMLElement;
  const terms = [...list.querySelectorAll('dt')].map((term) => term.textContent);
  const amounts = [...list.querySelectorAll('dd')].map((amount) => amount.textContent);
  return Object.fromEntries(terms.map((term, index) => [term, amounts[index]]));
}

beforeEach(resetStores);

describe('prices that add up', () => {
  it('on the date step: the slot, the item line and the subtotal agree, and the booking fee is a named line', async () => {
    serveOrderApi({ products: [tour], plots });
    servePricing();
    act(() => useCartStore.setState({ current: draft(4, 'behind-the-scenes', { step: 'plot', quantity: 3 }) }));
    await renderFlow('/product/4/behind-the-scenes', { organisation });

    const slot = await screen.findByRole('button', { name: /10:00 – 11:00/ });
    await waitFor(() => expect(slot.getAttribute('aria-pressed')).toBe('true'));
    expect(within(slot).getByText('€46.50')).toBeTruthy();

    const summary = screen.getByRole('complementary');
    await waitFor(() => expect(summary.querySelector('.price-lines')).not.toBeNull());
    expect(within(summary).getByRole('article', { name: 'Behind the scenes' }).querySelector('.cart-item__price')?.textContent).toBe('€46.50');
    expect(priceLines()).toEqual({ Subtotal: '€46.50', 'Booking fee': '€1.00', Total: '€47.50' });
  });

  it('on the details step: the item line is the subtotal, the booking fee is named, and the pay button says the total', async () => {
    serveOrderApi({ products: [tour], plots, upsells: { 4: [audioGuide] } });
    servePricing();
    act(() =>
      useCartStore.setState({
        current: draft(4, 'behind-the-scenes', { step: 'customer', quantity: 3, plotId: 1, date: shopDay(1), upsells: { [audioGuide.id]: { quantity: 3 } } }),
      }),
    );
    await renderFlow('/product/4/behind-the-scenes', { organisation });

    expect(await screen.findByRole('heading', { level: 2, name: 'Your details' })).toBeTruthy();
    const summary = screen.getByRole('complementary');
    await waitFor(() => expect(summary.querySelector('.price-lines')).not.toBeNull());
    const item = within(summary).getByRole('article', { name: 'Behind the scenes' });
    expect(item.querySelector('.cart-item__price')?.textContent).toBe('€58.50');
    expect(priceLines()).toEqual({ Subtotal: '€58.50', 'Booking fee': '€1.00', Total: '€59.50' });
    expect(screen.queryByText('Fees')).toBeNull();
    expect(screen.queryByText('Rebooking fee')).toBeNull();
    expect(screen.getByRole('button', { name: /€59\.50/ })).toBeTruthy();
  });

  it('adds up several cart items: their lines make the subtotal, the booking fee once', async () => {
    serveOrderApi({ products: [tour], plots });
    servePricing();
    act(() =>
      useCartStore.setState({
        items: [draft(4, 'behind-the-scenes', { step: 'customer', quantity: 2, plotId: 2, date: shopDay(1) })],
        current: draft(4, 'behind-the-scenes', { step: 'customer', quantity: 3, plotId: 1, date: shopDay(1) }),
      }),
    );
    await renderFlow('/product/4/behind-the-scenes', { organisation });

    const summary = await screen.findByRole('complementary');
    await waitFor(() => expect(summary.querySelectorAll('.cart-item__price')).toHaveLength(2));
    expect([...summary.querySelectorAll('.cart-item__price')].map((price) => price.textContent)).toEqual(['€31.00', '€46.50']);
    expect(priceLines()).toEqual({ Subtotal: '€77.50', 'Booking fee': '€1.00', Total: '€78.50' });
  });
});
