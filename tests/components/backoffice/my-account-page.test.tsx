/**
 * "My account" (issue 37): the recovery codes shown once when the authenticator is switched on, a proof
 * asked before it is replaced, and the sessions listed with their devices in words, one ended after a
 * confirmation.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import MyAccountPage from '../../../src/backoffice/pages/staff/my-account-page.tsx';
import { sessionKeys } from '../../../src/backoffice/api/session.ts';
import { server } from '../msw-server.ts';
import { renderBackofficePage } from './render-backoffice.tsx';

const me = {
  staff: { id: 2, email: 'manager@tidewater.example', name: 'Milan Manager', role: 'manager' },
  csrf_token: 'csrf',
  expires_at: '2030-03-01T21:00:00Z',
};
const sessions = [
  {
    id: 11,
    browser: 'Firefox',
    os: 'Windows',
    ip_address: '198.51.100.2',
    created_at: '2030-03-01T09:05:00Z',
    last_seen_at: '2030-03-01T09:30:00Z',
    expires_at: '2030-03-01T21:05:00Z',
    current: true,
  },
  {
    id: 10,
    browser: null,
    os: null,
    ip_address: '203.0.113.9',
    created_at: '2030-02-28T18:00:00Z',
    last_seen_at: '2030-02-28T18:10:00Z',
    expires_at: '2030-03-01T06:00:00Z',
    current: false,
  },
];

async function renderPage() {
  // A browser that signed in keeps the hint that makes the app ask GET /me (src/backoffice/api/session.ts).
  localStorage.setItem('backoffice.signedIn', '1');
  const view = await renderBackofficePage('/account', '/account', <MyAccountPage />);
  view.client.setQueryData(sessionKeys.me, me);
  return view;
}

describe('My account', () => {
  it('shows the recovery codes once, when the authenticator is confirmed, and asks a proof before replacing it', async () => {
    const codes = Array.from({ length: 10 }, (_, index) => `abcd-efgh-jkmn-pq${String(index).padStart(2, '0')}`);
    let begun = 0;
    server.use(
      http.get('*/api/backoffice/me/sessions', () => HttpResponse.json(sessions)),
      http.post('*/api/backoffice/me/totp', async ({ request }) => {
        begun += 1;
        const body = (await request.json()) as Record<string, string>;
        if (begun > 1 && !body.recovery_code) return HttpResponse.json({ error: 'STAFF_TOTP_REQUIRED', message: 'x' }, { status: 400 });
        return HttpResponse.json({ secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' });
      }),
      http.post('*/api/backoffice/me/totp/confirm', () => HttpResponse.json({ ok: true, recovery_codes: codes })),
    );
    const { user } = await renderPage();
    await user.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }));
    await user.type(await screen.findByLabelText('6-digit code from your app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm and switch on' }));
    const list = within(await screen.findByRole('region', { name: 'Your recovery codes' })).getAllByRole('listitem');
    expect(list.map((item) => item.textContent)).toEqual(codes);
    await user.click(screen.getByRole('button', { name: 'I have kept my recovery codes' }));
    expect(screen.queryByRole('region', { name: 'Your recovery codes' })).toBeNull();

    // Replacing it: the server asks for a proof, the page offers the field for it.
    await user.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));
    const forms = await screen.findAllByLabelText('Current code from your app, or a recovery code');
    await user.type(forms[0]!, codes[0]!);
    await user.click(screen.getAllByRole('button', { name: 'Set up an authenticator app' })[0]!);
    expect(await screen.findByRole('img', { name: /QR code/ })).toBeTruthy();
  });

  it('lists the sessions with their devices in words and signs one out after a confirmation', async () => {
    const ended: string[] = [];
    let live = sessions;
    server.use(
      http.get('*/api/backoffice/me/sessions', () => HttpResponse.json(live)),
      http.delete('*/api/backoffice/me/sessions/:id', ({ params }) => {
        ended.push(String(params.id));
        live = live.filter((session) => String(session.id) !== params.id);
        return HttpResponse.json({ ok: true });
      }),
    );
    const { user } = await renderPage();
    const region = await screen.findByRole('region', { name: 'Where you are signed in' });
    const items = await within(region).findAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Firefox on Windows (This session) from 198.51.100.2');
    expect(items[1]!.textContent).toContain('Another browser on another system from 203.0.113.9');
    await user.click(within(items[1]!).getByRole('button', { name: 'Sign out this session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out this session?' });
    expect(ended).toEqual([]);
    expect(dialog.textContent).toContain('The session on Another browser on another system ends now');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out this session' }));
    await waitFor(() => expect(ended).toEqual(['10']));
    expect(await screen.findByText('The session on Another browser on another system was signed out.')).toBeTruthy();
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(1));
  });
});
