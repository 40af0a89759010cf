/**
 * Gift cards by hand: issuing checks the API's own body rules (a value above 0, a reason) before
 * sending and then opens the new card; adjusting it sends the signed change, and a refusal (a void
 * card) is shown in words.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { DeskGiftCard } from '#domain/contracts/backoffice-orders.schema.ts';
import GiftCardsPage from '../../../src/backoffice/pages/orders/gift-cards-page.tsx';
import { server } from '../msw-server.ts';
import { renderBackofficePage } from './render-backoffice.tsx';

const card: DeskGiftCard = {
  code: 'GC-ABCD-EFGH',
  credit: 25,
  value: 25,
  expires_on: null,
  voided_at: null,
  sold_by_order: null,
  created_at: '2030-06-03T08:00:00.000Z',
};

describe('gift cards page', () => {
  it('issues a card by hand, then adjusts it; a refusal is shown in words', async () => {
    const issued: unknown[] = [];
    const adjusted: unknown[] = [];
    server.use(
      http.get('*/api/backoffice/gift-cards', () => HttpResponse.json({ gift_cards: issued.length ? [card] : [], next_before: null })),
      http.post('*/api/backoffice/gift-cards', async ({ request }) => {
        issued.push(await request.json());
        return HttpResponse.json(card, { status: 201 });
      }),
      http.get('*/api/backoffice/gift-cards/GC-ABCD-EFGH', () => HttpResponse.json({ gift_card: card, adjustments: [], spent: [] })),
      http.post('*/api/backoffice/gift-cards/GC-ABCD-EFGH/adjust', async ({ request }) => {
        adjusted.push(await request.json());
        return HttpResponse.json({ error: 'GIFT_CARD_VOID', message: 'void' }, { status: 409 });
      }),
    );
    const { user, router } = await renderBackofficePage('/gift-cards', '/gift-cards', <GiftCardsPage />);
    expect(await screen.findByText('No gift cards match.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Issue the gift card' }));
    expect(await screen.findByText('Enter a value above 0, with at most 2 decimals.')).toBeTruthy();
    expect(screen.getByText('This field is required.')).toBeTruthy();
    expect(issued).toEqual([]);

    const value = screen.getByRole('spinbutton', { name: 'Value' });
    await user.clear(value);
    await user.type(value, '25');
    await user.type(screen.getByRole('textbox', { name: /^Reason/ }), 'Prize for Kim');
    await user.click(screen.getByRole('button', { name: 'Issue the gift card' }));
    await waitFor(() => expect(issued).toEqual([{ value: 25, expires_on: null, reason: 'Prize for Kim' }]));
    expect((await screen.findByRole('status')).textContent).toBe('Gift card GC-ABCD-EFGH issued with €25.00.');
    expect(router.state.location.search).toBe('?code=GC-ABCD-EFGH');
    expect(await screen.findByRole('heading', { level: 2, name: 'Gift card GC-ABCD-EFGH' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Adjust the credit' }));
    const dialog = screen.getByRole('dialog', { name: 'Adjust gift card GC-ABCD-EFGH' });
    const delta = within(dialog).getByRole('spinbutton', { name: /^Change/ });
    await user.clear(delta);
    await user.type(delta, '-5.5');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Lost a ticket');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This gift card has been voided.');
    expect(adjusted).toEqual([{ delta: -5.5, reason: 'Lost a ticket' }]);
  });
});
