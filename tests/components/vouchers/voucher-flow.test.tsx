/**
 * The voucher order flow (spec sections 2, 4, 5, 9) against msw: one stepper per value within the
 * voucher's limits, the sidebar's total and pay button only on the customer step (0 when invoiced),
 * the submission through the shared payment dispatcher, the order-failed modal with the error.
 */
import { captureLanding } from '../../../src/lib/visit-enrichment.ts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Voucher } from '#domain/contracts/catalogue.ts';
import { Component as VoucherRoute } from '../../../src/features/voucher-order/route.tsx';
import { useVoucherOrderStore } from '../../../src/features/voucher-order/store.ts';
import { EMPTY_CART, useCartStore } from '../../../src/lib/cart-store.ts';
import { redirectPayment } from '../../../src/payments/redirect.ts';
import { createShopQueryClient, renderWithShop } from '../components/render-with-shop.tsx';
import * as shop from '../components/shop-fixtures.ts';
import { customerFields } from '../customer-form/customer-fields.ts';
import { server } from '../msw-server.ts';

const voucher: Voucher = {
  id: 1,
  slug: 'gift-voucher',
  title: 'Gift voucher',
  description: '<p>A present.</p>',
  image: null,
  label: null,
  state: 'PUBLISHED',
  price: 25,
  full: true,
  values: [
    { id: 11, name: '€25 voucher', description: null, price: 25, availability: null },
    { id: 12, name: '€100 voucher', description: null, price: 100, availability: 1 },
  ],
  min_quantity: 1,
  max_quantity: 3,
  settings: { show_end_time: false },
};

const answer = (total: number, invoice = false, payment: unknown = null) => ({
  ok: true,
  response: {
    order: {
      status: payment ? 'PENDING' : null,
      hash: payment ? 'order-hash' : null,
      quantity: 1,
      invoice,
      prices: { subtotal: total - 1, additions: 1, total },
    },
    payment,
  },
});

let bodies: Record<string, unknown>[] = [];

/** A shop asking name and e-mail of everyone, and a company name of business customers. */
const businessShop = { ...shop.organisation, fields: [...customerFields.slice(0, 3), customerFields.find((field) => field.name === 'company')!] };

function serve(options: { order?: () => Response } = {}) {
  bodies = [];
  server.use(
    http.get('*/api/vouchers/1', () => HttpResponse.json(voucher)),
    http.post('*/api/vouchers', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      // As the server: an order asked on invoice is answered with the flag; on invoice nothing is paid online.
      const invoice = body.invoice === true;
      if (body.simulate) return HttpResponse.json(answer(51, invoice));
      if (invoice) return HttpResponse.json(answer(51, true, { type: 'REDIRECT', gateway: 'invoice', hash: 'pay-hash', transaction: false }));
      return (
        options.order?.() ??
        HttpResponse.json(
          answer(51, false, { type: 'REDIRECT', gateway: 'test', hash: 'pay-hash', transaction: { response: { url: 'https://pay.example/x' } } }),
        )
      );
    }),
  );
}

async function renderVoucher(organisation?: typeof shop.organisation) {
  return renderWithShop(
    { '/voucher/:id/:slug': <VoucherRoute />, '/': <p>home page</p> },
    { path: '/voucher/1/gift-voucher', queryClient: createShopQueryClient(organisation ? { organisation } : undefined) },
  );
}

async function toCustomerStep(user: Awaited<ReturnType<typeof renderVoucher>>['user']) {
  await user.click(await screen.findByRole('button', { name: 'More: €25 voucher' }));
  await user.click(screen.getByRole('button', { name: 'More: €25 voucher' }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { level: 2, name: 'Your details' });
  // The form's code loads when the step first shows.
  await screen.findByRole('checkbox', { name: 'I am ordering for a company' });
}

function fillCustomer() {
  act(() =>
    useCartStore.setState({
      customer: {
        first_name: 'Robin',
        last_name: 'Jansen',
        email: 'robin@example.org',
        company: '',
        vat_id: '',
        address: '',
        zipcode: '',
        city: '',
        fields: {},
      },
    }),
  );
}

beforeEach(() => {
  act(() => {
    useCartStore.setState(EMPTY_CART);
    useVoucherOrderStore.setState({ voucherId: null, step: 'quantity', quantities: {}, failure: undefined, showAllCustomerErrors: false, failedSubmits: 0 });
  });
});
afterEach(() => vi.restoreAllMocks());

describe('voucher order flow', () => {
  it('limits each value by its stock and the total by max_quantity; shows no pay button before the customer step', async () => {
    serve();
    const { user } = await renderVoucher();
    expect(await screen.findByRole('heading', { level: 1, name: 'Gift voucher' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Voucher information' })).toBeTruthy();
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'More: €100 voucher' }));
    expect(screen.getByRole('button', { name: 'More: €100 voucher' }).getAttribute('aria-disabled')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'More: €25 voucher' }));
    await user.click(screen.getByRole('button', { name: 'More: €25 voucher' }));
    expect(screen.getByRole('button', { name: 'More: €25 voucher' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('Maximum reached: at most 3 vouchers per order.')).toBeTruthy();
    expect(next.disabled).toBe(false);
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });

  it('shows the simulated total on the customer step and pays through the dispatcher, with the count and the visit’s enrichment', async () => {
    serve();
    captureLanding('https://shop.example/voucher/1/gift-voucher?utm_source=partner', 'https://partner.example/');
    const redirect = vi.spyOn(redirectPayment, 'run').mockReturnValue(true);
    const { user } = await renderVoucher();
    await toCustomerStep(user);
    fillCustomer();
    const sidebar = screen.getByRole('complementary', { name: 'Your voucher order' });
    await waitFor(() => expect(within(sidebar).getByTestId('voucher-total').textContent).toBe('€51.00'));
    expect(bodies.at(-1)).toMatchObject({ simulate: true, voucher: { id: 1 }, values: { '11': { id: 11, quantity: 2 } } });
    await user.click(within(sidebar).getByRole('button', { name: 'Pay €51.00' }));
    await waitFor(() => expect(redirect).toHaveBeenCalled());
    expect(bodies.at(-1)).toMatchObject({
      voucher: { id: 1, quantity: 2 },
      values: { '11': { id: 11, quantity: 2 } },
      customer: { first_name: 'Robin', email: 'robin@example.org' },
      enrichment: { landing_path: '/voucher/1/gift-voucher', utm_source: 'partner', referrer: 'https://partner.example/' },
    });
    expect(bodies.at(-1)?.simulate).toBeUndefined();
  });

  it('moves the focus to an error summary on each refused Pay and sends nothing', async () => {
    serve();
    // The shop asks first name, last name and e-mail of everyone.
    const { user } = await renderVoucher({ ...shop.organisation, fields: customerFields.slice(0, 3) });
    await toCustomerStep(user);
    await user.type(screen.getByLabelText(/First name/), 'Robin');
    const pay = await screen.findByRole('button', { name: 'Pay €51.00' });
    await user.click(pay);
    const summary = await screen.findByRole('group', { name: 'Please correct 2 fields' });
    expect(document.activeElement).toBe(summary);
    await user.click(within(summary).getByRole('link', { name: 'E-mail address: This field is required.' }));
    expect(document.activeElement).toBe(screen.getByLabelText(/^E-mail/));
    await user.click(pay);
    expect(document.activeElement).toBe(summary);
    expect(bodies.filter((body) => !body.simulate)).toEqual([]);
  });

  it('offers a business customer the order on invoice: a total of 0 to pay now, confirmed without a payment', async () => {
    serve();
    const invoicing = { ...businessShop, business_fields: [{ type: 'COMPANY' as const, invoice: true }] };
    const { user } = await renderVoucher(invoicing);
    await toCustomerStep(user);
    fillCustomer();
    await waitFor(() => expect(screen.getByTestId('voucher-total').textContent).toBe('€51.00'));
    // Only a business customer is offered it.
    const company = await screen.findByRole('checkbox', { name: 'I am ordering for a company' });
    expect(screen.queryByRole('checkbox', { name: /Order on invoice/ })).toBeNull();
    await user.click(company);
    await user.type(await screen.findByRole('textbox', { name: /Company/ }), 'Analytical Engines BV');
    await user.click(screen.getByRole('checkbox', { name: /Order on invoice/ }));
    await waitFor(() => expect(screen.getByTestId('voucher-total').textContent).toBe('€0.00'));
    expect(bodies.at(-1)).toMatchObject({ simulate: true, invoice: true });
    // Unticking the company box takes the order off invoice again; ticking it brings the choice back.
    await user.click(company);
    await waitFor(() => expect(screen.getByTestId('voucher-total').textContent).toBe('€51.00'));
    expect(screen.queryByRole('checkbox', { name: /Order on invoice/ })).toBeNull();
    await user.click(company);
    await user.type(await screen.findByRole('textbox', { name: /Company/ }), 'Analytical Engines BV');
    await waitFor(() => expect(screen.getByTestId('voucher-total').textContent).toBe('€0.00'));
    await user.click(screen.getByRole('button', { name: 'Confirm order' }));
    await waitFor(() => expect(bodies.filter((body) => !body.simulate)).toHaveLength(1));
    expect(bodies.find((body) => !body.simulate)).toMatchObject({ invoice: true, customer: { company: 'Analytical Engines BV' } });
  });

  it('offers no invoice where the shop marks no business field for it', async () => {
    serve();
    const { user } = await renderVoucher(businessShop);
    await toCustomerStep(user);
    await user.click(await screen.findByRole('checkbox', { name: 'I am ordering for a company' }));
    expect(screen.getByRole('textbox', { name: /Company/ })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /Order on invoice/ })).toBeNull();
  });

  it('opens the order-failed modal with the translated error', async () => {
    serve({ order: () => HttpResponse.json({ ok: false, error: 'VOUCHER_SOLD_OUT', message: 'sold out' }, { status: 409 }) });
    const { user } = await renderVoucher();
    await toCustomerStep(user);
    fillCustomer();
    await user.click(await screen.findByRole('button', { name: 'Pay €51.00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your order could not be placed' });
    expect(await within(dialog).findByText('Not enough of this voucher value is left.')).toBeTruthy();
  });
});
