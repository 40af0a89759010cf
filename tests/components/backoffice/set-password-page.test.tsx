/**
 * The set-password link's page (/backoffice/set-password#<token>): it opens without a session, checks the
 * two passwords before sending, sends the token from the fragment, and a refused link says so; a saved
 * password signs the person in (the shell's start page).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { BackofficeApp } from '../../../src/backoffice/app.tsx';
import { backofficeI18n, setupBackofficeI18n } from '../../../src/backoffice/i18n.ts';
import { server } from '../msw-server.ts';

beforeAll(async () => {
  localStorage.setItem('backoffice.language', 'en');
  await setupBackofficeI18n();
});

function renderAt(token: string) {
  window.history.replaceState(null, '', `/backoffice/set-password#${token}`);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={backofficeI18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[`/set-password#${token}`]}>
          <Suspense fallback={null}>
            <BackofficeApp />
          </Suspense>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const session = { staff: { id: 7, email: 'gus@example.org', name: 'Gus Gate', role: 'gate' }, csrf_token: 'csrf', expires_at: '2030-01-01T00:00:00Z' };

describe('the set-password page', () => {
  it('opens without a session, checks the passwords, and a saved one signs the person in', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('*/api/backoffice/me', () => HttpResponse.json({ error: 'STAFF_SESSION_REQUIRED', message: 'Sign in' }, { status: 401 })),
      http.post('*/api/backoffice/password', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(session);
      }),
    );
    const user = userEvent.setup();
    renderAt('tok-123');
    await screen.findByRole('heading', { level: 1, name: 'Set your password' });
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Repeat the password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Save password and sign in' }));
    expect(await screen.findByText('Use at least 10 characters.')).toBeTruthy();
    expect(sent).toEqual([]);

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'a-good-password');
    await user.clear(screen.getByLabelText('Repeat the password'));
    await user.type(screen.getByLabelText('Repeat the password'), 'a-good-password');
    await user.click(screen.getByRole('button', { name: 'Save password and sign in' }));
    expect(await screen.findByText('You are signed in as gate.', { exact: false })).toBeTruthy();
    expect(sent).toEqual([{ token: 'tok-123', password: 'a-good-password' }]);
  });

  it('says why the server refuses a password that is too easy to guess', async () => {
    server.use(
      http.get('*/api/backoffice/me', () => HttpResponse.json({ error: 'STAFF_SESSION_REQUIRED', message: 'Sign in' }, { status: 401 })),
      http.post('*/api/backoffice/password', () =>
        HttpResponse.json({ error: 'PASSWORD_TOO_WEAK', message: 'Too weak', fields: { password: 'REPEATED' } }, { status: 400 }),
      ),
    );
    const user = userEvent.setup();
    renderAt('tok-456');
    await user.type(await screen.findByLabelText('New password'), 'aaaaaaaaaa');
    await user.type(screen.getByLabelText('Repeat the password'), 'aaaaaaaaaa');
    await user.click(screen.getByRole('button', { name: 'Save password and sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This password repeats a character or a piece (like aaaa or abcabc). Please choose another.');
  });

  it('says so when the link was used or expired', async () => {
    server.use(
      http.get('*/api/backoffice/me', () => HttpResponse.json({ error: 'STAFF_SESSION_REQUIRED', message: 'Sign in' }, { status: 401 })),
      http.post('*/api/backoffice/password', () => HttpResponse.json({ error: 'INVALID_TOKEN', message: 'Not valid' }, { status: 400 })),
    );
    const user = userEvent.setup();
    renderAt('used-token');
    await user.type(await screen.findByLabelText('New password'), 'a-good-password');
    await user.type(screen.getByLabelText('Repeat the password'), 'a-good-password');
    await user.click(screen.getByRole('button', { name: 'Save password and sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This sign-in link is not valid or has expired.');
  });
});
