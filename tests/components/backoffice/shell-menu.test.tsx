/**
 * The shell's navigation below 900 px wide (src/backoffice/shell.tsx): folded behind a "Menu" disclosure
 * button with the current page's name beside it; the button opens and closes it, Escape closes it and
 * puts the focus back on the button, the focus goes from the button into the menu, and a chosen link
 * navigates and closes it. From 900 px the menu is always there and there is no button.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffSessionBody } from '#domain/backoffice/staff.schema.ts';
import { Shell } from '../../../src/backoffice/shell.tsx';
import { server } from '../msw-server.ts';
import { renderBackofficePage } from './render-backoffice.tsx';

const session: StaffSessionBody = {
  staff: { id: 3, email: 'boxoffice@tidewater.example', name: 'Bo Kassa', role: 'box_office' },
  csrf_token: 'csrf',
  expires_at: '2030-06-03T20:00:00.000Z',
};

/** A window `width` px wide, as far as matchMedia's `(min-width: …px)` queries go (jsdom has no layout). */
function windowWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /\(min-width:\s*(\d+)px\)/.exec(query);
    return {
      matches: min ? width >= Number(min[1]) : false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    };
  });
}

async function renderShell(path = '/') {
  // A browser that signed in keeps the hint that makes the app ask GET /me (src/backoffice/api/session.ts).
  localStorage.setItem('backoffice.signedIn', '1');
  server.use(
    http.get('*/api/backoffice/me', () => HttpResponse.json(session)),
    http.get('*/api/backoffice/refund-requests', () => HttpResponse.json({ requests: [] })),
  );
  const view = await renderBackofficePage('/*', path, <Shell session={session} />);
  await screen.findByRole('heading', { level: 1 });
  return view;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('back-office menu on a phone', () => {
  it('opens and closes from its button; Escape closes it and gives the focus back to the button', async () => {
    windowWidth(412);
    const { user } = await renderShell();
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Back office' })).toBeNull();
    // The current page's name beside the button, in the banner.
    expect(within(screen.getByRole('banner')).getByText('Start')).toBeTruthy();

    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(button.getAttribute('aria-controls')).toBe(nav.id);
    expect(within(nav).getByRole('link', { name: 'Day list' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Start' }).getAttribute('aria-current')).toBe('page');

    // The button closes it again.
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Back office' })).toBeNull();

    // From the keyboard: Enter opens, Tab goes from the button to the first link, Escape closes and returns.
    button.focus();
    await user.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Start' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Orders' }));
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Back office' })).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('navigates with a chosen link and closes', async () => {
    windowWidth(412);
    const { user, router } = await renderShell();
    const button = screen.getByRole('button', { name: 'Menu' });
    await user.click(button);
    await user.click(within(screen.getByRole('navigation', { name: 'Back office' })).getByRole('link', { name: 'Refund requests' }));

    expect(router.state.location.pathname).toBe('/refund-requests');
    expect(await screen.findByRole('heading', { level: 1, name: 'Refund requests' })).toBeTruthy();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Back office' })).toBeNull();
    expect(within(screen.getByRole('banner')).getByText('Refund requests')).toBeTruthy();
    // Not left on the hidden link: the page has the focus.
    expect(screen.getByRole('main').contains(document.activeElement)).toBe(true);
  });

  it('closes when the page changes by another way than the menu', async () => {
    windowWidth(412);
    const { user, router } = await renderShell();
    const button = screen.getByRole('button', { name: 'Menu' });
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await router.navigate('/refund-requests');
    await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('false'));
    expect(screen.queryByRole('navigation', { name: 'Back office' })).toBeNull();
  });
});

describe('back-office menu from 900 px wide', () => {
  it('is always there, without a button', async () => {
    windowWidth(900);
    await renderShell();
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Refund requests' })).toBeTruthy();
  });
});
