/**
 * The gate scanner page (src/backoffice/pages/gate): a typed code goes to POST /gate/scan and the answer
 * shows large and announced (status for valid, alert otherwise); without a network the code is verified
 * in the browser against the kept day's list and the check-in is queued, and sent to POST /gate/sync
 * once the network is back.
 */
import { randomBytes } from 'node:crypto';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GateDay, GateScan } from '#domain/contracts/gate.schema.ts';
import { backofficeI18n, setupBackofficeI18n } from '../../../src/backoffice/i18n.ts';
import GatePage from '../../../src/backoffice/pages/gate/gate-page.tsx';
import { signTicket, ticketKeysFromSeed } from '../../../server/modules/tickets/ticket-code.ts';
import { server } from '../msw-server.ts';

const keys = ticketKeysFromSeed(randomBytes(32));
const code = (id: number) => signTicket(keys, { id, nonce: `nonce-${id}-abcdef` });
const day: GateDay = {
  date: '2026-11-27',
  public_key: keys.publicKey.export({ format: 'der', type: 'spki' }).toString('base64url'),
  tickets: [7, 8].map((id, index) => ({
    id,
    order_number: 4242,
    position: index + 1,
    of: 2,
    name: 'Gita Poort',
    title: 'Zoo day ticket',
    status: 'PAID' as const,
    used_at: null,
    used_where: null,
  })),
};
const ticket = { order_number: 4242, position: 1, of: 2, product_id: 2, title: 'Zoo day ticket', date: '2026-11-27', audience: 'Adult', name: 'Gita Poort' };

beforeAll(async () => {
  await setupBackofficeI18n();
  await backofficeI18n.changeLanguage('en');
});
afterEach(() => localStorage.clear());

function renderPage() {
  return render(
    <I18nextProvider i18n={backofficeI18n}>
      <Suspense fallback={null}>
        <GatePage />
      </Suspense>
    </I18nextProvider>,
  );
}

describe('gate scanner page', () => {
  it('checks a typed code online and shows valid, then already used with when and where', async () => {
    const scans: string[] = [];
    const answers: GateScan[] = [
      { result: 'valid', used_at: '2026-11-27T09:00:00Z', used_where: 'gate', ticket },
      { result: 'already_used', used_at: '2026-11-27T09:00:00Z', used_where: 'North gate', ticket },
    ];
    server.use(
      http.get('*/api/backoffice/gate/day', () => HttpResponse.json(day)),
      http.post('*/api/backoffice/gate/scan', async ({ request }) => {
        scans.push(((await request.json()) as { code: string }).code);
        return HttpResponse.json(answers[scans.length - 1]);
      }),
    );
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText(/2 tickets for 2026-11-27 kept for offline use/)).toBeTruthy();

    await user.type(screen.getByLabelText('Ticket code'), `${code(7)}{Enter}`);
    const valid = await screen.findByText('Valid: let them in');
    expect(valid.closest('[role="status"]')).not.toBeNull();
    expect(screen.getByText('Order 4242, ticket 1 of 2: Gita Poort, Zoo day ticket')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Next ticket' }));
    await user.type(screen.getByLabelText('Ticket code'), `${code(7)}{Enter}`);
    const used = await screen.findByText('Already used');
    expect(used.closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByText(/^Checked in .* at North gate$/)).toBeTruthy();
    expect(scans).toEqual([code(7), code(7)]);
  });

  it('without a network verifies the signature against the kept list, queues the check-in and syncs it later', async () => {
    let online = false;
    const synced: unknown[] = [];
    server.use(
      http.get('*/api/backoffice/gate/day', () => HttpResponse.json(day)),
      http.post('*/api/backoffice/gate/scan', () => (online ? HttpResponse.json({}) : HttpResponse.error())),
      http.post('*/api/backoffice/gate/sync', async ({ request }) => {
        synced.push(await request.json());
        return HttpResponse.json({ results: [{ result: 'valid', used_at: '2026-11-27T09:00:00Z', used_where: 'gate', ticket }] });
      }),
    );
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText(/2 tickets for 2026-11-27 kept for offline use/)).toBeTruthy();

    await user.type(screen.getByLabelText('Ticket code'), `${code(8)}{Enter}`);
    expect(await screen.findByText('Valid: let them in')).toBeTruthy();
    expect(screen.getByText('Checked offline; it will sync when the connection is back.')).toBeTruthy();
    expect(await screen.findByText(/1 check-in waiting to sync/)).toBeTruthy();

    // The same code again: the kept list knows it is used now. An altered code: refused.
    await user.click(screen.getByRole('button', { name: 'Next ticket' }));
    await user.type(screen.getByLabelText('Ticket code'), `${code(8)}{Enter}`);
    expect(await screen.findByText('Already used')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next ticket' }));
    await user.type(screen.getByLabelText('Ticket code'), `${code(8).replace('T1.8.', 'T1.7.')}{Enter}`);
    expect(await screen.findByText('Not a valid ticket (forged, altered or not of this shop)')).toBeTruthy();

    online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(synced).toHaveLength(1));
    expect(synced[0]).toMatchObject({ scans: [{ code: code(8) }] });
    await waitFor(() => expect(screen.queryByText(/waiting to sync/)).toBeNull());
  });

  it('says a ticket without a name when a gate account’s kept list has none, and names the audience of an online answer (issue 37)', async () => {
    const unnamed: GateDay = { ...day, tickets: day.tickets.map((kept) => ({ ...kept, name: '' })) };
    let online = false;
    server.use(
      http.get('*/api/backoffice/gate/day', () => HttpResponse.json(unnamed)),
      http.post('*/api/backoffice/gate/scan', () =>
        online
          ? HttpResponse.json({ result: 'valid', used_at: '2026-11-27T09:00:00Z', used_where: 'gate', ticket: { ...ticket, name: 'Gita' } })
          : HttpResponse.error(),
      ),
      http.post('*/api/backoffice/gate/sync', () => HttpResponse.json({ results: [] })),
    );
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText(/2 tickets for 2026-11-27 kept for offline use/)).toBeTruthy();
    await user.type(screen.getByLabelText('Ticket code'), `${code(8)}{Enter}`);
    expect(await screen.findByText('Order 4242, ticket 2 of 2: Zoo day ticket')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next ticket' }));
    online = true;
    await user.type(screen.getByLabelText('Ticket code'), `${code(7)}{Enter}`);
    expect(await screen.findByText('Order 4242, ticket 1 of 2: Gita, Zoo day ticket')).toBeTruthy();
    expect(screen.getByText('Adult')).toBeTruthy();
  });

  it('tells the device that scanned it when its offline check-in turns out a duplicate at sync', async () => {
    let online = false;
    server.use(
      http.get('*/api/backoffice/gate/day', () => HttpResponse.json(day)),
      http.post('*/api/backoffice/gate/scan', () => (online ? HttpResponse.json({}) : HttpResponse.error())),
      http.post('*/api/backoffice/gate/sync', () =>
        HttpResponse.json({ results: [{ result: 'already_used', used_at: '2026-11-27T08:55:00Z', used_where: 'North gate', ticket }] }),
      ),
    );
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText(/2 tickets for 2026-11-27 kept for offline use/)).toBeTruthy();
    await user.type(screen.getByLabelText('Ticket code'), `${code(8)}{Enter}`);
    expect(await screen.findByText('Checked offline; it will sync when the connection is back.')).toBeInstanceOf(HTMLElement);

    online = true;
    window.dispatchEvent(new Event('online'));
    // The panel no longer says valid: it says what the sync found, and a list keeps it until seen.
    expect(await screen.findByText('Found at sync: the entry let in offline was not valid.')).toBeInstanceOf(HTMLElement);
    expect(screen.queryByText('Valid: let them in')).toBeNull();
    expect(screen.queryByText('Checked offline; it will sync when the connection is back.')).toBeNull();
    const found = screen.getByRole('alert', { name: '1 offline check-in was not valid' });
    expect(found.textContent).toContain('Already used');
    expect(found.textContent).toContain('North gate');
    await user.click(screen.getByRole('button', { name: 'Seen' }));
    expect(screen.queryByRole('alert', { name: '1 offline check-in was not valid' })).toBeNull();
  });
});
