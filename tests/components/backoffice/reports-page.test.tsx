/**
 * The reports page says the heavy-read refusals in words: a period of more than 366 days is named at the
 * field before anything is asked, and a report the server could not read in time (503 REPORT_TOO_SLOW) is
 * said as such, not as an unexpected error or a code.
 */
import { fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import ReportsPage from '../../../src/backoffice/pages/reports/reports-page.tsx';
import { server } from '../msw-server.ts';
import { renderBackofficePage } from './render-backoffice.tsx';

describe('the reports page', () => {
  it('says why a report was refused: too slow now, or a period over a year', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/backoffice/reports', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({ ok: false, error: 'REPORT_TOO_SLOW', message: 'too slow' }, { status: 503 });
      }),
    );
    await renderBackofficePage('/reports', '/reports', <ReportsPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('This takes too long right now. Try a shorter period, or again in a moment.');
    const from = screen.getByLabelText('From');
    const before = asked.length;
    fireEvent.change(from, { target: { value: '2020-01-01' } });
    const message = await screen.findByText('A report covers at most 366 days; choose a shorter period.');
    // The words are the end field's error, read with it.
    const to = screen.getByLabelText('To');
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(to.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
    expect(asked.slice(before).some((search) => search.includes('from=2020-01-01'))).toBe(false);
  });
});
