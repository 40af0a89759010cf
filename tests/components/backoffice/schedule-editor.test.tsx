/**
 * The back office's schedule editor: a pattern ending before it starts is refused at its field without
 * sending; a valid weekly pattern (its price typed as an amount, sent in cents) is sent with the schedule's revision and the outcome (slots added,
 * changed, removed, closed) is announced.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import ScheduleEditorPage from '../../../src/backoffice/pages/schedule-editor-page.tsx';
import { server } from '../msw-server.ts';
import { renderBackofficePage } from './render-backoffice.tsx';

describe('schedule editor', () => {
  it('refuses an end before the start at its field, then saves the pattern with the revision and tells what it generated', async () => {
    const saves: {
      revision: number;
      schedule: { horizonDays: number; seasons: { patterns: { weekdays: number[]; start: string; end: string; priceCents: number | null }[] }[] };
    }[] = [];
    server.use(
      http.get('*/api/backoffice/products/9/schedule', () => HttpResponse.json({ productId: 9, revision: 4, generatedUntil: null, schedule: null })),
      http.put('*/api/backoffice/products/9/schedule', async ({ request }) => {
        saves.push((await request.json()) as (typeof saves)[number]);
        return HttpResponse.json({ revision: 5, added: 24, changed: 0, removed: 1, closed: { slots: 2, places: 3 } });
      }),
    );
    const { user } = await renderBackofficePage('/schedules/:productId', '/schedules/9', <ScheduleEditorPage />);

    await user.click(await screen.findByRole('button', { name: 'Add a season' }));
    const pattern = screen.getByRole('group', { name: 'Weekly pattern 1' });
    const end = within(pattern).getByLabelText('End');
    await user.clear(end);
    await user.type(end, '08:00');
    await user.click(screen.getByRole('button', { name: 'Save and generate the slots' }));
    await waitFor(() => expect(end.getAttribute('aria-invalid')).toBe('true'));
    expect(within(pattern).getByText('The end is before the start.')).toBeTruthy();
    expect(saves).toHaveLength(0);

    await user.clear(end);
    await user.type(end, '12:00');
    await user.click(within(pattern).getByRole('checkbox', { name: 'Saturday' }));
    await user.type(within(pattern).getByRole('spinbutton', { name: 'Price' }), '12.50');
    await user.click(screen.getByRole('button', { name: 'Save and generate the slots' }));
    expect(await screen.findByText('Saved: 24 slots added, 0 changed, 1 removed, 2 closed with bookings kept.')).toBeTruthy();
    expect(saves).toHaveLength(1);
    expect(saves[0]!.revision).toBe(4);
    expect(saves[0]!.schedule.seasons[0]!.patterns[0]).toMatchObject({ weekdays: [1, 2, 3, 4, 5, 6], start: '09:00', end: '12:00', priceCents: 1250 });
  });
});
