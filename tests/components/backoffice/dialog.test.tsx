/**
 * The back office's dialogs are the shared modal (src/components/modal.tsx) under the back office's own
 * translations (no storefront namespace): opening one moves the focus into its form, Tab stays inside,
 * Escape closes it and the focus goes back to the button that opened it (WCAG 2.2 AA).
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

describe('a back-office dialog', () => {
  it('takes the focus into its form, keeps Tab inside, closes on Escape and gives the focus back', async () => {
    server.use(
      http.get('*/api/backoffice/gift-cards', () => HttpResponse.json({ gift_cards: [card], next_before: null })),
      http.get('*/api/backoffice/gift-cards/GC-ABCD-EFGH', () => HttpResponse.json({ gift_card: card, adjustments: [], spent: [] })),
    );
    const { user } = await renderBackofficePage('/gift-cards', '/gift-cards?code=GC-ABCD-EFGH', <GiftCardsPage />);
    const opener = await screen.findByRole('button', { name: 'Adjust the credit' });
    await user.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Adjust gift card GC-ABCD-EFGH' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const change = within(dialog).getByRole('spinbutton', { name: /^Change/ });
    expect(document.activeElement).toBe(change);
    // Once round: from the first control to the last and on, the focus never leaves the dialog.
    const controls = dialog.querySelectorAll('button, input, textarea, select');
    for (let press = 0; press <= controls.length; press += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.tab({ shift: true });
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });
});
