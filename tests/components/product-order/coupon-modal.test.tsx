import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { useCartStore } from '../../../src/lib/cart-store.ts';
import { server } from '../msw-server.ts';
import { draft } from './draft.ts';
import { demoClient, renderFlow, resetStores } from './flow-harness.tsx';
import { guidebook, serveOrderApi } from './order-fixtures.ts';

beforeEach(resetStores);

function serveCoupons() {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post('*/api/coupon', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      if (String(body.coupon).toUpperCase() === 'SUMMER10') {
        return HttpResponse.json({ type: 'COUPON', data: { code: 'SUMMER10', type: 'PERCENTAGE', value: 10, max_ticket_amount: null } });
      }
      if (String(body.coupon).toUpperCase() === 'GIFT-DEMO-2500') {
        return HttpResponse.json({ type: 'VOUCHER', data: { barcode: 'GIFT-DEMO-2500', credit: 25, expiration: null } });
      }
      return HttpResponse.json({ ok: false, error: 'COUPON_EXPIRED', message: 'expired', error_info: 'This code expired on 1 May.' }, { status: 422 });
    }),
  );
  return bodies;
}

async function openCoupon(user: Awaited<ReturnType<typeof renderFlow>>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Redeem a coupon or gift card' }));
  return screen.getByRole('dialog', { name: 'Redeem a code' });
}

describe('coupon modal', () => {
  it('accepts a code, shows what it gives, and ignores the same code again', async () => {
    const recorded = serveOrderApi({ products: [guidebook] });
    const coupons = serveCoupons();
    act(() => useCartStore.setState({ current: draft(3, 'zoo-guidebook', { step: 'customer' }) }));
    const view = await renderFlow('/product/3/zoo-guidebook', { client: demoClient });
    let dialog = await openCoupon(view.user);
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Code' }), 'summer10');
    await view.user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText('Code accepted: 10% discount.')).toBeTruthy();
    expect(coupons[0]).toMatchObject({ type: 'PRODUCT', products: [3], coupon: 'summer10', client: 7, coupons: [] });
    expect(useCartStore.getState().codes).toEqual([{ code: 'SUMMER10', kind: 'COUPON' }]);

    await view.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    dialog = await openCoupon(view.user);
    const input = within(dialog).getByRole('textbox', { name: 'Code' }) as HTMLInputElement;
    expect(input.value).toBe('');
    await view.user.type(input, 'Summer10');
    await view.user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(within(dialog).getByText('This code is already applied.')).toBeTruthy();
    expect(coupons).toHaveLength(1);
    expect(useCartStore.getState().codes).toHaveLength(1);
    await view.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    // Upper-case on the customer step, and sent with the simulation.
    expect(screen.getByText('SUMMER10')).toBeTruthy();
    expect(recorded.simulations.at(-1)?.coupon).toEqual(['SUMMER10']);
  });

  it("asks for the signed-in client's customer groups and names them: a group's coupons work for its members", async () => {
    serveOrderApi({ products: [guidebook] });
    serveCoupons();
    const asked: string[] = [];
    server.use(
      http.get('*/api/groups/:clientId', ({ params }) => {
        asked.push(String(params.clientId));
        return HttpResponse.json([
          { id: 1, name: 'Members' },
          { id: 2, name: 'Teachers' },
        ]);
      }),
    );
    act(() => useCartStore.setState({ current: draft(3, 'zoo-guidebook', { step: 'customer' }) }));
    const view = await renderFlow('/product/3/zoo-guidebook', { client: demoClient });
    const dialog = await openCoupon(view.user);
    expect(await within(dialog).findByText('You are a member of Members and Teachers: codes for their members work for you.')).toBeTruthy();
    expect(asked).toEqual([String(demoClient.id)]);
  });

  it("shows the server's error_info when a code is refused", async () => {
    serveOrderApi({ products: [guidebook] });
    serveCoupons();
    act(() => useCartStore.setState({ current: draft(3, 'zoo-guidebook', { step: 'customer' }) }));
    const view = await renderFlow('/product/3/zoo-guidebook', { client: demoClient });
    const dialog = await openCoupon(view.user);
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Code' }), 'EXPIRED');
    await view.user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText('This code expired on 1 May.')).toBeTruthy();
    expect(useCartStore.getState().codes).toEqual([]);
  });

  it('lets an anonymous visitor spend a gift card, and sends them to sign in for a coupon', async () => {
    serveOrderApi({ products: [guidebook] });
    const coupons = serveCoupons();
    act(() => useCartStore.setState({ current: draft(3, 'zoo-guidebook', { step: 'customer' }) }));
    const view = await renderFlow('/product/3/zoo-guidebook');
    const dialog = await openCoupon(view.user);
    expect(within(dialog).getByText('Gift cards work without an account. Coupon codes work once you are signed in.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/client/login?redirect=%2Fproduct%2F3%2Fzoo-guidebook');
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Code' }), 'gift-demo-2500');
    await view.user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText(/Gift card accepted/)).toBeTruthy();
    expect(coupons[0]).toMatchObject({ coupon: 'gift-demo-2500', client: null });
    expect(useCartStore.getState().codes).toEqual([{ code: 'GIFT-DEMO-2500', kind: 'VOUCHER' }]);
  });
});
