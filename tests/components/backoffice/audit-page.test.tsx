/**
 * The audit log page says each change in words: the refund with its amount, order number, product and
 * slot; an edit's changes one click away with their values; a staff member's new role; a deleted
 * question by its last name — and no internal code or id anywhere. It asks for names in the reader's
 * language and filters by kind of thing with words, not codes.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AuditEntry, AuditPage as AuditPageBody } from '#domain/backoffice/audit-log.schema.ts';
import AuditPage from '../../../src/backoffice/pages/staff/audit-page.tsx';
import { server } from '../msw-server.ts';
import { renderBackofficePage } from './render-backoffice.tsx';

const owner = { id: 1, name: 'Olivia Owner', email: 'owner@tidewater.example' };
const none = { name: null, gone: false, slot: null, number: null, holder: null };
const entry = (id: number, fields: Partial<AuditEntry> & Pick<AuditEntry, 'action' | 'entity'>): AuditEntry => ({
  id,
  at: '2030-06-03T07:05:09.000Z',
  staff: owner,
  entity_id: String(id + 4000),
  subject: none,
  details: {},
  changes: [],
  other_changes: 0,
  ...fields,
});

const entries: AuditEntry[] = [
  entry(1, {
    action: 'order.refund',
    entity: 'order',
    entity_id: '836490632',
    staff: { id: 3, name: 'Bo Box-Office', email: 'boxoffice@tidewater.example' },
    subject: { ...none, name: 'Behind the scenes tour', number: 836490632, slot: { date: '2030-06-11', start: '09:00', end: null } },
    details: { event: 'refunded', amount: { amount: 35.5, currency: 'EUR' }, tickets: [1], reason: 'cannot come' },
  }),
  entry(2, {
    action: 'order.moved',
    entity: 'order',
    entity_id: '836490632',
    subject: { ...none, name: 'Behind the scenes tour', number: 836490632 },
    details: { event: 'moved', from: { date: '2030-06-11', start: '09:00', end: null }, to: { date: '2030-06-12', start: '10:00', end: null } },
  }),
  entry(3, {
    action: 'product.update',
    entity: 'product',
    subject: { ...none, name: 'Aquarium entry' },
    changes: [
      { field: 'price', language: null, from: { kind: 'money', amount: 12.5, currency: 'EUR' }, to: { kind: 'money', amount: 15, currency: 'EUR' } },
      { field: 'title', language: 'nl', from: { kind: 'text', text: 'Aquarium' }, to: { kind: 'text', text: 'Aquarium toegang' } },
      { field: 'description', language: 'en', from: null, to: null },
    ],
    other_changes: 1,
  }),
  entry(4, {
    action: 'staff.update',
    entity: 'staff',
    subject: { ...none, name: 'Gert Gate' },
    changes: [{ field: 'role', language: null, from: { kind: 'role', role: 'gate' }, to: { kind: 'role', role: 'box_office' } }],
  }),
  entry(5, {
    action: 'schedule.save',
    entity: 'product_schedule',
    subject: { ...none, name: 'Aquarium entry' },
    details: { slots: { added: 7, changed: 0, removed: 1, closed: 0 } },
  }),
  entry(6, { action: 'faq_question.delete', entity: 'faq_question', subject: { ...none, name: 'Can I bring my dog?', gone: true } }),
  entry(7, { action: 'slot.close', entity: 'slot', subject: { ...none, gone: true }, staff: null }),
];

function serve(requests: URL[]) {
  server.use(
    http.get('*/api/backoffice/audit', ({ request }) => {
      const url = new URL(request.url);
      requests.push(url);
      const entity = url.searchParams.get('entity');
      const shown = entity ? entries.filter((each) => each.entity === entity) : entries;
      return HttpResponse.json({ entries: shown, total: shown.length, page: 1, page_size: 50, timezone: 'Europe/Amsterdam' } satisfies AuditPageBody);
    }),
    http.get('*/api/backoffice/staff', () => HttpResponse.json([])),
  );
}

describe('audit log page', () => {
  it('says every change in words, with names, amounts and days, and no code or id', async () => {
    const requests: URL[] = [];
    serve(requests);
    const { user } = await renderBackofficePage('/audit', '/audit', <AuditPage />);
    const list = await screen.findByRole('list', { name: '7 changes' });
    const items = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    const sentences = items.map((item) => item.querySelector('.bo-audit__sentence')?.textContent);
    expect(sentences).toEqual([
      'Refunded €35.50 of order 836490632 — Behind the scenes tour, Tue, 11 Jun 2030, 09:00',
      'Moved order 836490632 from Tue, 11 Jun 2030, 09:00 to Wed, 12 Jun 2030, 10:00 — Behind the scenes tour',
      'Changed the product “Aquarium entry”',
      'Changed the account of Gert Gate',
      'Saved the schedule of “Aquarium entry”',
      'Deleted the FAQ question “Can I bring my dog?” (since deleted)',
      'Closed a time slot to sales — a time slot that was deleted',
    ]);
    expect(within(items[0]!).getByText('Ticket 1')).toBeTruthy();
    expect(within(items[0]!).getByText('Reason: cannot come')).toBeTruthy();
    expect(within(items[0]!).getByText('Bo Box-Office', { exact: false }).textContent).toBe('Bo Box-Office · Mon, 3 Jun 2030, 09:05');
    expect(within(items[4]!).getByText('7 slots added and 1 slot removed')).toBeTruthy();
    expect(within(items[6]!).getByText(/^The command line/)).toBeTruthy();

    await user.click(within(items[2]!).getByText('Show the 4 changes'));
    expect(
      within(items[2]!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Price: €12.50 → €15.00', 'Title (Dutch): Aquarium → Aquarium toegang', 'Description (English) changed', 'and 1 other setting']);
    await user.click(within(items[3]!).getByText('Show the change'));
    expect(within(items[3]!).getByText('Role: gate → box office')).toBeTruthy();

    const page = document.body.textContent ?? '';
    for (const code of ['order.refund', 'product.update', 'product_schedule', 'faq_question', '4003', '#', '{', 'refunded', 'box_office'])
      expect(page).not.toContain(code);
    expect(requests[0]!.searchParams.get('language')).toBe('en');
  });

  it('filters by the kind of thing, named in words', async () => {
    const requests: URL[] = [];
    serve(requests);
    const { user } = await renderBackofficePage('/audit', '/audit', <AuditPage />);
    await screen.findByRole('list', { name: '7 changes' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'What' }), 'Staff');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(requests.at(-1)!.searchParams.get('entity')).toBe('staff'));
    expect(await screen.findByRole('list', { name: '1 change' })).toBeTruthy();
    expect(screen.getByText('Changed the account of Gert Gate')).toBeTruthy();
  });
});
