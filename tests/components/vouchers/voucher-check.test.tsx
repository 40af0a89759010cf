/** /voucher-check against msw: the modal with code, credit and expiry or "Non-expiring"; "Voucher not found"; the rate-limit refusal. */
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { Component as VoucherCheckRoute } from '../../../src/features/voucher-check/route.tsx';
import { createShopQueryClient, renderWithShop } from '../components/render-with-shop.tsx';
import { server } from '../msw-server.ts';

function serve() {
  const asked: string[] = [];
  server.use(
    http.get('*/api/voucher/check/:code', ({ params }) => {
      const code = String(params.code);
      asked.push(code);
      if (code === 'GIFT-DEMO-2500') return HttpResponse.json({ code, credit: 25, expiration: '2031-06-03' });
      if (code === 'forever') return HttpResponse.json({ code: 'GIFT-DEMO-FOREVER', credit: 40, expiration: null });
      if (code === 'busy') return HttpResponse.json({ ok: false, error: 'RATE_LIMITED', message: 'slow down' }, { status: 429 });
      return HttpResponse.json({ ok: false, error: 'VOUCHER_NOT_FOUND', message: 'Voucher not found' }, { status: 404 });
    }),
  );
  return asked;
}

async function check(code: string) {
  const view = await renderWithShop({ '/voucher-check': <VoucherCheckRoute /> }, { path: '/voucher-check', queryClient: createShopQueryClient() });
  await view.user.type(await screen.findByRole('textbox', { name: /^Voucher code/ }), code);
  await view.user.click(screen.getByRole('button', { name: 'Check' }));
  return view;
}

describe('voucher check', () => {
  it('shows the code, the credit and the expiry date in a modal', async () => {
    const asked = serve();
    await check('GIFT-DEMO-2500');
    const dialog = await screen.findByRole('dialog', { name: 'Your voucher' });
    expect(within(dialog).getByText('GIFT-DEMO-2500')).toBeTruthy();
    expect(within(dialog).getByText('€25.00')).toBeTruthy();
    expect(within(dialog).getByText('Tuesday, 3 June 2031')).toBeTruthy();
    expect(asked).toEqual(['GIFT-DEMO-2500']);
  });

  it('says non-expiring for a card without expiry', async () => {
    serve();
    await check('forever');
    const dialog = await screen.findByRole('dialog', { name: 'Your voucher' });
    expect(within(dialog).getByText('Non-expiring')).toBeTruthy();
  });

  it('shows "Voucher not found" for an unknown code', async () => {
    serve();
    await check('NOPE');
    expect((await screen.findByRole('alert')).textContent).toBe('Voucher not found');
  });

  it('shows the rate-limit refusal', async () => {
    serve();
    await check('busy');
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests. Please wait a moment and try again.');
  });
});
