/** Spec section 4, Subscription auto-apply: the client's first redeemable ONLINE card is applied after 100 ms, shown, removable, and sent. */
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Client, ClientSubscription } from '#domain/contracts/client.ts';
import { useCartStore } from '../../../src/lib/cart-store.ts';
import { draft } from './draft.ts';
import { demoClient, renderFlow, resetStores } from './flow-harness.tsx';
import { aquarium, serveOrderApi } from './order-fixtures.ts';

function card(extra: Partial<ClientSubscription> = {}): ClientSubscription {
  return {
    id: 1,
    token: 'card-token',
    type: 'ONLINE',
    available_redemptions: 8,
    subscription: {
      id: 2,
      title: '10-visit card',
      products: [aquarium.id],
      redemptions: 10,
      expiration: { date: '2099-01-01' },
      price: 60,
      audiences: [{ id: 11, name: 'Adult' }],
      upsells: [],
    },
    ...extra,
  };
}

const withCards = (...subscriptions: ClientSubscription[]): Client => ({ ...demoClient, subscriptions });

function atCustomerStep(adults: number) {
  act(() =>
    useCartStore.setState({
      current: draft(aquarium.id, aquarium.slug, { step: 'customer', audiences: { 11: adults, 12: 0 }, plotId: 99, date: '2099-01-01' }),
    }),
  );
}

beforeEach(resetStores);
afterEach(() => vi.useRealTimers());

describe('subscription auto-apply', () => {
  it('applies the first card that covers the order, shows what is left, and sends its token', async () => {
    const recorded = serveOrderApi({ products: [aquarium] });
    atCustomerStep(1);
    await renderFlow('/product/1/aquarium-entry', { client: withCards(card({ token: 'empty', available_redemptions: 0 }), card()) });
    expect(await screen.findByText('Paid with your 10-visit card, 7 visits left')).toBeTruthy();
    expect(useCartStore.getState().current?.subscription).toBe('card-token');
    await waitFor(() => expect(recorded.simulations.at(-1)?.orders[0]?.subscription).toBe('card-token'));
  });

  it('waits 100 ms before applying', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serveOrderApi({ products: [aquarium] });
    atCustomerStep(1);
    await renderFlow('/product/1/aquarium-entry', { client: withCards(card()) });
    await screen.findByRole('heading', { level: 2, name: 'Your details' });
    expect(useCartStore.getState().current?.subscription ?? null).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(useCartStore.getState().current?.subscription).toBe('card-token');
  });

  it('is removable and is not applied again', async () => {
    const view = await (async () => {
      serveOrderApi({ products: [aquarium] });
      atCustomerStep(2);
      return renderFlow('/product/1/aquarium-entry', { client: withCards(card()) });
    })();
    await view.user.click(await screen.findByRole('button', { name: 'Do not use 10-visit card' }));
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(useCartStore.getState().current?.subscription ?? null).toBeNull();
    expect(screen.queryByText(/Paid with your/)).toBeNull();
  });

  it('applies nothing for a card without the visits, another product, or an anonymous visitor', async () => {
    serveOrderApi({ products: [aquarium] });
    atCustomerStep(3);
    await renderFlow('/product/1/aquarium-entry', {
      client: withCards(card({ available_redemptions: 2 }), card({ token: 'other', subscription: { ...card().subscription, products: [99] } })),
    });
    await screen.findByRole('heading', { level: 2, name: 'Your details' });
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(useCartStore.getState().current?.subscription ?? null).toBeNull();
  });
});
