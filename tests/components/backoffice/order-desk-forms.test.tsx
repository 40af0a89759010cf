/**
 * The orders desk's other forms: the customer dialog checks the shop's fields with the checkout's own
 * rules before sending; the refund-requests inbox accepts a request through the refund dialog,
 * prefilled to cancel with all that is refundable, on the inbox's route.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { RefundRequest } from '#domain/contracts/backoffice-orders.schema.ts';
import type { CustomerField } from '#domain/contracts/organisation.ts';
import OrderPage from '../../../src/backoffice/pages/orders/order-page.tsx';
import RefundRequestsPage from '../../../src/backoffice/pages/orders/refund-requests-page.tsx';
import { server } from '../msw-server.ts';
import { deskOrder } from './desk-order-fixture.ts';
import { renderBackofficePage } from './render-backoffice.tsx';

const field = (id: number, name: string, label: string, type: CustomerField['type'], required: boolean): CustomerField => ({
  id,
  name,
  label,
  type,
  required,
  default: false,
  business: false,
  options: [],
  sort: id,
  subscriptions: [],
  products: [],
  vouchers: [],
});

describe('customer dialog', () => {
  it("refuses what the shop's field rules refuse, then sends the details with the shop's own fields", async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/backoffice/orders/1234', () => HttpResponse.json({ ...deskOrder, customer: { ...deskOrder.customer, fields: { phone: '' } } })),
      http.get('*/api/backoffice/orders/1234/customer-fields', () =>
        HttpResponse.json({
          allow_business: false,
          fields: [
            field(1, 'first_name', 'First name', 'FIRST_NAME', true),
            field(2, 'last_name', 'Last name', 'LAST_NAME', true),
            field(3, 'email', 'Email address', 'EMAIL', true),
            field(4, 'phone', 'Phone number', 'PHONE', true),
          ],
        }),
      ),
      http.post('*/api/backoffice/orders/1234/customer', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ ok: true });
      }),
    );
    const { user } = await renderBackofficePage('/orders/:number', '/orders/1234', <OrderPage />);
    await user.click(await screen.findByRole('button', { name: 'Change customer details' }));
    const dialog = screen.getByRole('dialog', { name: 'Customer details of order 1234' });
    const email = await within(dialog).findByRole('textbox', { name: 'Email address *' });
    await user.clear(email);
    await user.type(email, 'sam@');
    await user.click(within(dialog).getByRole('button', { name: 'Save the details' }));
    expect(await within(dialog).findByText('Enter a valid e-mail address.')).toBeTruthy();
    expect(within(dialog).getByText('This field is required.')).toBeTruthy();
    expect(bodies).toEqual([]);

    await user.type(email, 'example.org');
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone number *' }), '+31 6 1234 5678');
    await user.click(within(dialog).getByRole('button', { name: 'Save the details' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies).toEqual([{ customer: expect.objectContaining({ first_name: 'Sam', email: 'sam@example.org', fields: { phone: '+31 6 1234 5678' } }) }]);
    expect(screen.getByRole('status').textContent).toBe('The customer details are saved.');
  });
});

describe('refund requests inbox', () => {
  it('accepts a request through the refund dialog, prefilled to cancel with everything refundable', async () => {
    const request: RefundRequest = {
      id: 5,
      first_name: 'Sam',
      last_name: 'Jansen',
      email: 'sam@example.org',
      order_number: '1234',
      comment: 'We cannot come',
      language: 'nl',
      status: 'OPEN',
      created_at: '2030-06-03T08:00:00.000Z',
      decided_at: null,
      order: { number: 1234, status: 'PAID', total: 71, currency: 'EUR', same_email: true },
    };
    const accepted: unknown[] = [];
    server.use(
      http.get('*/api/backoffice/refund-requests', () => HttpResponse.json({ requests: [request], next_before: null })),
      http.get('*/api/backoffice/orders/1234', () => HttpResponse.json(deskOrder)),
      http.post('*/api/backoffice/refund-requests/5/accept', async ({ request: sent }) => {
        accepted.push(await sent.json());
        return HttpResponse.json({ done: true, refunded: 60, tickets: [1, 2], status: 'REFUNDED' });
      }),
    );
    const { user } = await renderBackofficePage('/refund-requests', '/refund-requests', <RefundRequestsPage />);
    const row = (await screen.findByText('We cannot come')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'Order 1234' }).getAttribute('href')).toBe('/orders/1234');
    await user.click(within(row).getByRole('button', { name: 'Accept the request for order 1234' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund order 1234' });
    expect(within(dialog).getByRole('checkbox', { name: /Cancel the whole order/ })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('spinbutton', { name: /Amount to give back/ })).toHaveProperty('value', '60');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel and refund' }));
    await waitFor(() => expect(accepted).toHaveLength(1));
    expect(accepted[0]).toEqual({ amount: 60, cancel: true, tickets: [], key: expect.stringMatching(/^[A-Za-z0-9_-]{8,100}$/) });
    expect((await screen.findByRole('status')).textContent).toBe('Order 1234: €60.00 refunded; the request is accepted.');
  });
});
