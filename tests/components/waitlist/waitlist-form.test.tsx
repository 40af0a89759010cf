/**
 * The waiting-list form on the date step: opened on request by keyboard, the focus lands in it
 * (the button it replaces is gone); the one full slot it is for is named.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WaitlistForm } from '../../../src/components/waitlist-form.tsx';
import { renderWithShop } from '../components/render-with-shop.tsx';

describe('WaitlistForm', () => {
  it('moves the focus into the form when it opens on request, and names the full slot', async () => {
    const { user } = await renderWithShop({ '/': <WaitlistForm slots={[{ id: 7, label: '11:00 – 12:00' }]} quantity={2} collapsed /> }, { path: '/' });
    const open = await screen.findByRole('button', { name: 'Tell me when places come back' });
    open.focus();
    await user.keyboard('{Enter}');
    const heading = screen.getByRole('heading', { name: 'Tell me when places come back' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText('Time slot: 11:00 – 12:00')).toBeTruthy();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /E-mail address/ }));
  });

  it('keeps the focus where it is when it shows open from the start (a day with no free slot)', async () => {
    await renderWithShop(
      {
        '/': (
          <WaitlistForm
            slots={[
              { id: 7, label: '11:00' },
              { id: 8, label: '12:00' },
            ]}
            quantity={1}
          />
        ),
      },
      { path: '/' },
    );
    await screen.findByRole('heading', { name: 'Tell me when places come back' });
    expect(document.activeElement).toBe(document.body);
    expect(screen.getByRole('combobox', { name: 'Time slot' })).toBeTruthy();
  });
});
