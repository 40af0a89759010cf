/**
 * The order page's refund dialog: it offers a ticket's share of what is left, refuses more than is
 * still refundable without asking the API, shows the API's 409 in words and stays open, and sends
 * one key per opening of the dialog (a retry or double click is the same refund).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import OrderPage from '../../../src/backoffice/pages/orders/order-page.tsx';
import { server } from '../msw-server.ts';
import { deskOrder as order } from './desk-order-fixture.ts';
import { renderBackofficePage } from './render-backoffice.tsx';

function serveOrder(refund: () => Response) {
  const bodies: { amount: number; tickets: number[]; cancel: boolean; key: string }[] = [];
  server.use(
    http.get('*/api/backoffice/orders/1234', () => HttpResponse.json(order)),
    http.get('*/api/backoffice/orders/1234/customer-fields', () => HttpResponse.json({ fields: [], allow_business: false })),
    http.post('*/api/backoffice/orders/1234/refund', async ({ request }) => {
      bodies.push((await request.json()) as (typeof bodies)[number]);
      return refund();
    }),
  );
  return bodies;
}

async function openRefund() {
  const view = await renderBackofficePage('/orders/:number', '/orders/1234', <OrderPage />);
  await view.user.click(await screen.findByRole('button', { name: 'Refund' }));
  const dialog = screen.getByRole('dialog', { name: 'Refund order 1234' });
  return { ...view, dialog, amount: within(dialog).getByRole('spinbutton', { name: /Amount to give back/ }) };
}

describe('refund dialog', () => {
  it('offers a ticket its share of what is left and refuses more than is refundable, sending nothing', async () => {
    const bodies = serveOrder(() => HttpResponse.json({ done: true, refunded: 30, tickets: [1], status: 'PAID' }));
    const { user, dialog, amount } = await openRefund();
    expect(within(dialog).getByText('Still refundable: €60.00 (paid: €71.00).')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('checkbox', { name: /Cancel the whole order/ }));

    await user.click(within(dialog).getByRole('checkbox', { name: 'Ticket 2' }));
    expect(amount).toHaveProperty('value', '30');

    await user.clear(amount);
    await user.type(amount, '60.01');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await within(dialog).findByText('At most €60.00 can still be refunded.');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(bodies).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '30');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies).toEqual([expect.objectContaining({ amount: 30, tickets: [2], cancel: false })]);
    expect(screen.getByRole('status').textContent).toBe('€30.00 refunded. The order is now: Paid.');
  });

  it("shows the API's 409 in words, stays open, and retries with the same key", async () => {
    const bodies = serveOrder(() => HttpResponse.json({ error: 'REFUND_EXCEEDS_PAID', message: 'At most 0 cents' }, { status: 409 }));
    const { user, dialog, amount } = await openRefund();
    await user.clear(amount);
    await user.type(amount, '5');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('A refund cannot be more than what is left of the payment.');
    expect(screen.getByRole('dialog', { name: 'Refund order 1234' })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[0]?.key).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(bodies[1]?.key).toBe(bodies[0]?.key);

    // A new opening of the dialog is a new refund: a new key.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const again = screen.getByRole('dialog', { name: 'Refund order 1234' });
    await user.type(within(again).getByRole('spinbutton', { name: /Amount to give back/ }), '5');
    await user.click(within(again).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(bodies).toHaveLength(3));
    expect(bodies[2]?.key).not.toBe(bodies[0]?.key);
  });
});
