/**
 * The order page says its lines and timeline in words (issue 38 item 1): a refund of part of the order
 * names what it was part of ("€35.50 refunded to the test payment, of 2 × Adult"); a line the server could
 * only give by its kind reads as a word, never "TICKET".
 */
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '#domain/contracts/order-history.schema.ts';
import OrderPage from '../../../src/backoffice/pages/orders/order-page.tsx';
import { server } from '../msw-server.ts';
import { deskOrder } from './desk-order-fixture.ts';
import { renderBackofficePage } from './render-backoffice.tsx';

const change = (event: HistoryEntry['event'], extra: Partial<HistoryEntry> = {}): HistoryEntry => ({
  at: '2030-06-02T10:00:00.000Z',
  event,
  actor: { kind: 'staff', name: 'Olivia Owner' },
  product: 'Behind the scenes tour',
  from: null,
  to: null,
  amount: null,
  currency: 'EUR',
  method: 'test',
  tickets: [],
  quantity: null,
  total: null,
  code: null,
  fields: [],
  reason: null,
  order: null,
  ...extra,
});

describe('the order page in words', () => {
  it('names a partial refund by the lines it was part of, and a bare line by a word', async () => {
    const order = {
      ...deskOrder,
      lines: [...deskOrder.lines, { kind: 'TICKET', name: 'TICKET', quantity: 1, price: 1 }],
      timeline: [
        { kind: 'change' as const, at: '2030-06-01T10:00:00.000Z', change: change('paid') },
        { kind: 'change' as const, at: '2030-06-02T10:00:00.000Z', change: change('refunded', { amount: 35.5 }) },
      ],
    };
    server.use(
      http.get('*/api/backoffice/orders/1234', () => HttpResponse.json(order)),
      http.get('*/api/backoffice/orders/1234/customer-fields', () => HttpResponse.json({ fields: [], allow_business: false })),
    );
    await renderBackofficePage('/orders/:number', '/orders/1234', <OrderPage />);
    const timeline = await screen.findByRole('region', { name: 'Timeline' });
    expect(timeline.textContent).toContain('€35.50 refunded to the test payment, of 2 × Adult and 1 × Ticket (by Olivia Owner)');
    expect(screen.getByRole('table', { name: 'What was ordered' }).textContent).not.toContain('TICKET');
    expect(screen.getByRole('cell', { name: 'Ticket' })).toBeInstanceOf(HTMLElement);
  });
});
