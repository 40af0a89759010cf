/**
 * The back office's coupon form (src/backoffice/pages/sales/coupon-form.tsx): the API's own schema
 * refuses a percentage above 100 before anything is sent; a refusal from the API (a code already
 * taken) is announced and marks its field; a valid coupon is sent as the API takes it.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createInstance } from 'i18next';
import { http, HttpResponse } from 'msw';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import backoffice from '../../../locales/en/backoffice.json';
import sales from '../../../locales/en/backoffice-sales.json';
import errors from '../../../locales/en/errors.json';
import { CouponForm } from '../../../src/backoffice/pages/sales/coupon-form.tsx';
import { server } from '../msw-server.ts';

async function renderForm() {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    ns: ['backoffice-sales', 'backoffice', 'errors'],
    defaultNS: 'backoffice-sales',
    resources: { en: { 'backoffice-sales': sales, backoffice, errors } },
    interpolation: { escapeValue: false },
  });
  const sent: unknown[] = [];
  const done: unknown[] = [];
  server.use(
    http.get('*/api/backoffice/catalogue/products', () => HttpResponse.json([{ id: 7, slug: 'zoo-guidebook', texts: { en: { title: 'Zoo guidebook' } } }])),
    http.get('*/api/backoffice/sales/customer-groups', () => HttpResponse.json([])),
    http.get('*/api/backoffice/sales/subscriptions', () => HttpResponse.json([])),
    http.post('*/api/backoffice/sales/coupons', async ({ request }) => {
      const body = (await request.json()) as { code: string };
      sent.push(body);
      if (body.code.toUpperCase() === 'SUMMER10')
        return HttpResponse.json({ ok: false, error: 'COUPON_CODE_TAKEN', message: 'taken', fields: { code: 'taken' } }, { status: 409 });
      return HttpResponse.json({ id: 1, version: 1, ...body });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <CouponForm coupon={null} onDone={(saved) => done.push(saved)} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { user: userEvent.setup(), sent, done };
}

describe('CouponForm', () => {
  it('refuses a percentage above 100 with the shared rule, sending nothing', async () => {
    const { user, sent } = await renderForm();
    await user.type(screen.getByLabelText('Code'), 'BIGSALE');
    await user.type(screen.getByLabelText('Value', { exact: false }), '150');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A percentage can be at most 100.')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('announces a code already taken and marks the code field', async () => {
    const { user, sent, done } = await renderForm();
    await user.type(screen.getByLabelText('Code'), 'summer10');
    await user.type(screen.getByLabelText('Value', { exact: false }), '10');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Another coupon or a gift card already uses this code.'));
    expect(screen.getByText('Already in use.')).toBeTruthy();
    expect(screen.getByLabelText('Code').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toHaveLength(1);
    expect(done).toEqual([]);
  });

  it('sends a valid coupon with the products it applies to', async () => {
    const { user, sent, done } = await renderForm();
    await user.type(screen.getByLabelText('Code'), 'autumn5');
    await user.selectOptions(screen.getByLabelText('Kind of discount'), 'FIXED');
    await user.type(screen.getByLabelText('Value', { exact: false }), '5');
    await user.click(await screen.findByLabelText('Zoo guidebook'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(done).toHaveLength(1));
    expect(sent).toEqual([
      expect.objectContaining({ code: 'autumn5', discount_type: 'FIXED', value: 5, product_ids: [7], max_tickets: null, usage_limit: null }),
    ]);
  });
});
