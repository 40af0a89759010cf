import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderPayment } from '#domain/contracts/orders.ts';
import { useCartStore } from '../../../src/lib/cart-store.ts';
import { captureLanding } from '../../../src/lib/visit-enrichment.ts';
import { redirectPayment } from '../../../src/payments/redirect.ts';
import { organisation } from '../components/shop-fixtures.ts';
import { customerFields } from '../customer-form/customer-fields.ts';
import { draft } from './draft.ts';
import { demoClient, renderFlow, resetStores } from './flow-harness.tsx';
import { guidebook, prices, productOf, serveOrderApi } from './order-fixtures.ts';

const answer = (status: string, payment: OrderPayment | null) =>
  HttpResponse.json({ ok: true, response: { orders: [{ order: { status, hash: 'h-42' }, payment, prices: prices(10), invoice: false }] } });

function atCustomerStep(productId = 3, slug = 'zoo-guidebook') {
  act(() => useCartStore.setState({ current: draft(productId, slug, { step: 'customer' }), codes: [{ code: 'SUMMER10', kind: 'COUPON' }] }));
}

beforeEach(resetStores);
afterEach(() => vi.restoreAllMocks());

describe('placing the order', () => {
  it('hands a REDIRECT payment to the dispatcher and empties the cart', async () => {
    const leaveTo = vi.spyOn(redirectPayment, 'leaveTo').mockImplementation(() => undefined);
    const recorded = serveOrderApi({ products: [guidebook] });
    atCustomerStep();
    const view = await renderFlow('/product/3/zoo-guidebook', { client: demoClient });
    await view.user.click(await screen.findByRole('button', { name: 'Pay €10.00' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('https://pay.example/abc123'));
    expect(recorded.submits[0]).toMatchObject({
      action: 'pay',
      language: 'en',
      coupon: ['SUMMER10'],
      customer: { first_name: 'Dana', email: 'demo@tidewater.example', token: 'client-token' },
      orders: [{ product: { id: 3, plot: null, quantity: 1 } }],
    });
    expect(recorded.submits[0]?.simulate).toBeUndefined();
    expect(useCartStore.getState().current).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Payment' })).toBeTruthy();
  });

  it('sends the answers its products ask for as the top-level fields, and the visit’s enrichment on each order', async () => {
    vi.spyOn(redirectPayment, 'leaveTo').mockImplementation(() => undefined);
    captureLanding('https://shop.example/product/3/zoo-guidebook?utm_source=newsletter&utm_campaign=spring', 'https://news.example/june?reader=42');
    const recorded = serveOrderApi({ products: [guidebook] });
    atCustomerStep();
    const phone = customerFields.find((field) => field.name === 'phone')!;
    const guideLanguage = { ...phone, id: 30, name: 'guide_language', label: 'Guide language', type: 'TEXT' as const, products: [3] };
    act(() =>
      useCartStore.setState({
        customer: {
          first_name: 'Dana',
          last_name: 'de Vries',
          email: 'demo@tidewater.example',
          company: '',
          vat_id: '',
          address: '',
          zipcode: '',
          city: '',
          fields: { phone: '+31612345678', guide_language: 'Dutch' },
        },
      }),
    );
    const view = await renderFlow('/product/3/zoo-guidebook', { client: demoClient, organisation: { ...organisation, fields: [phone, guideLanguage] } });
    await view.user.click(await screen.findByRole('button', { name: 'Pay €10.00' }));
    await waitFor(() => expect(recorded.submits).toHaveLength(1));
    expect(recorded.submits[0]).toMatchObject({ fields: { guide_language: 'Dutch' }, customer: { fields: { phone: '+31612345678' } } });
    expect(recorded.submits[0]?.customer.fields).not.toHaveProperty('guide_language');
    expect(recorded.submits[0]?.orders[0]?.enrichment).toEqual({
      landing_path: '/product/3/zoo-guidebook',
      utm_source: 'newsletter',
      utm_campaign: 'spring',
      referrer: 'https://news.example/june',
    });
  });

  it('goes to the reservation page for a RESERVED order', async () => {
    const school = productOf(5, 'school-group-visit', 'School group visit', { allow_reservations: true });
    const recorded = serveOrderApi({ products: [school], submit: () => answer('RESERVED', null) });
    atCustomerStep(5, 'school-group-visit');
    const view = await renderFlow('/product/5/school-group-visit', { client: demoClient });
    await view.user.click(await screen.findByRole('button', { name: 'Reserve now, pay later' }));
    await waitFor(() => expect(view.currentPath()).toBe('/reservation/h-42'));
    expect(recorded.submits[0]?.action).toBe('reserve');
    expect(useCartStore.getState().current).toBeNull();
  });

  it('offers no reservation when a product does not allow it', async () => {
    serveOrderApi({ products: [guidebook] });
    atCustomerStep();
    await renderFlow('/product/3/zoo-guidebook', { client: demoClient });
    await screen.findByRole('button', { name: 'Pay €10.00' });
    expect(screen.queryByRole('button', { name: 'Reserve now, pay later' })).toBeNull();
  });

  it('goes straight to the return page when there is nothing to pay', async () => {
    serveOrderApi({ products: [guidebook], submit: () => answer('PAID', { type: 'REDIRECT', gateway: 'test', hash: 'h-42', transaction: false }) });
    atCustomerStep();
    const view = await renderFlow('/product/3/zoo-guidebook', { client: demoClient });
    await view.user.click(await screen.findByRole('button', { name: 'Pay €10.00' }));
    await waitFor(() => expect(view.currentPath()).toBe('/checkout/return/h-42'));
  });

  it('shows the translated error in the order-failed modal and keeps the cart', async () => {
    serveOrderApi({
      products: [guidebook],
      submit: () => HttpResponse.json({ ok: false, error: 'PLOT_SOLD_OUT', message: 'sold out' }, { status: 409 }),
    });
    atCustomerStep();
    const view = await renderFlow('/product/3/zoo-guidebook', { client: demoClient });
    await view.user.click(await screen.findByRole('button', { name: 'Pay €10.00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your order could not be placed' });
    expect(within(dialog).getByText('This time slot is sold out.')).toBeTruthy();
    expect(useCartStore.getState().current?.productId).toBe(3);
  });

  it.each([
    ['a failure without a code', () => new HttpResponse('proxy error', { status: 502 })],
    [
      'a payment type nothing handles',
      () => answer('PENDING', { type: 'CUSTOM', gateway: 'paypal', hash: 'h-42', transaction: { response: { order: 'o-1' } } }),
    ],
  ])('says "Unexpected error" for %s', async (_name, submit) => {
    serveOrderApi({ products: [guidebook], submit });
    atCustomerStep();
    const view = await renderFlow('/product/3/zoo-guidebook', { client: demoClient });
    await view.user.click(await screen.findByRole('button', { name: 'Pay €10.00' }));
    // A 502 loses the answer: the attempt is sent twice more (0.5 s, 1 s) before it fails.
    const dialog = await screen.findByRole('dialog', { name: 'Your order could not be placed' }, { timeout: 4000 });
    expect(within(dialog).getByText('Unexpected error')).toBeTruthy();
  });

  it('sends one Idempotency-Key per attempt, and the same key again when the answer was lost', async () => {
    const leaveTo = vi.spyOn(redirectPayment, 'leaveTo').mockImplementation(() => undefined);
    let calls = 0;
    const recorded = serveOrderApi({
      products: [guidebook],
      submit: () => {
        calls += 1;
        if (calls === 1) return HttpResponse.json({ ok: false, error: 'DATABASE_UNAVAILABLE', message: 'down' }, { status: 503 });
        if (calls === 2) return HttpResponse.error();
        return answer('PENDING', { type: 'REDIRECT', gateway: 'test', hash: 'h-42', transaction: { response: { url: 'https://pay.example/h-42' } } });
      },
    });
    atCustomerStep();
    const view = await renderFlow('/product/3/zoo-guidebook', { client: demoClient });
    await view.user.click(await screen.findByRole('button', { name: 'Pay €10.00' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('https://pay.example/h-42'), { timeout: 4000 });
    expect(recorded.submitKeys).toHaveLength(3);
    const [key] = recorded.submitKeys;
    expect(key).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(recorded.submitKeys).toEqual([key, key, key]);
  });

  it('sends a new key for a new click after a refusal, and does not resend a refusal', async () => {
    const recorded = serveOrderApi({
      products: [guidebook],
      submit: () => HttpResponse.json({ ok: false, error: 'PLOT_SOLD_OUT', message: 'sold out' }, { status: 409 }),
    });
    atCustomerStep();
    const view = await renderFlow('/product/3/zoo-guidebook', { client: demoClient });
    await view.user.click(await screen.findByRole('button', { name: 'Pay €10.00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your order could not be placed' });
    expect(recorded.submitKeys).toHaveLength(1);
    await view.user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await view.user.click(await screen.findByRole('button', { name: 'Pay €10.00' }));
    await screen.findByRole('dialog', { name: 'Your order could not be placed' });
    expect(recorded.submitKeys).toHaveLength(2);
    expect(recorded.submitKeys[1]).not.toBe(recorded.submitKeys[0]);
    expect(recorded.submitKeys.every((key) => typeof key === 'string' && key.length >= 32)).toBe(true);
  });

  it('does not send an incomplete customer form', async () => {
    const recorded = serveOrderApi({ products: [guidebook] });
    atCustomerStep();
    const { organisation } = await import('../components/shop-fixtures.ts');
    const firstName = {
      id: 1,
      name: 'first_name',
      label: 'First name',
      type: 'FIRST_NAME' as const,
      required: true,
      default: true,
      business: false,
      options: [],
      sort: 1,
      subscriptions: [],
      products: [],
      vouchers: [],
    };
    const view = await renderFlow('/product/3/zoo-guidebook', { organisation: { ...organisation, fields: [firstName] } });
    await view.user.click(await screen.findByRole('button', { name: 'Pay €10.00' }));
    expect(recorded.submits).toEqual([]);

    // An error summary takes the focus, naming each problem as a link to its field.
    const summary = await screen.findByRole('group', { name: 'Please correct 1 field' });
    expect(document.activeElement).toBe(summary);
    const link = within(summary).getByRole('link', { name: 'First name: This field is required.' });
    await view.user.click(link);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^First name/ }));

    // Each new failed attempt brings the focus back to the summary.
    await view.user.click(screen.getByRole('button', { name: 'Pay €10.00' }));
    expect(document.activeElement).toBe(summary);
    await view.user.type(screen.getByRole('textbox', { name: /^First name/ }), 'Kim');
    expect(screen.queryByRole('group', { name: /Please correct/ })).toBeNull();
  });
});
