/**
 * The CUSTOM:paypal path through the real @paypal/react-paypal-js: nothing of PayPal is in the page
 * before the path runs; running it opens the shop's PayPal dialog, which puts the PayPal SDK's
 * script tag in (client id from the order, currency EUR) and renders PayPal's buttons once it has
 * loaded. jsdom fetches no scripts, so the tests play the browser and PayPal: they define
 * window.paypal (Buttons, as the SDK does) and fire the tag's load or error event.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OrderPayment } from '#domain/contracts/orders.ts';
import { dispatchPayment } from '../../../src/payments/dispatcher.ts';
import { walletCheckout } from '../../../src/payments/wallet/wallet-payment.ts';
import { WalletHost } from '../../../src/payments/wallet/wallet-host.tsx';
import { useWalletStore } from '../../../src/payments/wallet/wallet-store.ts';
import { prepareI18n } from '../components/render-with-shop.tsx';

const PAYPAL_SDK = /^https:\/\/www\.paypal\.com\/sdk\/js\?/;
const complete = { client_id: 'shop-client-id', order_id: '5O190127TN364715T', currency: 'EUR', return_url: '/checkout/return/order-hash-1' };

const payment = (response: Record<string, unknown>): OrderPayment => ({ type: 'CUSTOM', gateway: 'paypal', hash: 'pay-1', transaction: { response } });

interface ButtonsOptions {
  createOrder(data: Record<string, unknown>, actions: unknown): Promise<string>;
  onApprove(data: Record<string, unknown>, actions: unknown): Promise<void>;
  onCancel(data: Record<string, unknown>, actions: unknown): void;
  onError(error: Record<string, unknown>): void;
}

/** What the PayPal SDK puts on window: Buttons(options) → render(container) draws a "PayPal" button. */
function playPayPalSdk() {
  const rendered: ButtonsOptions[] = [];
  const created: string[] = [];
  (window as unknown as { paypal?: unknown }).paypal = {
    version: '5.0.0',
    Buttons(options: ButtonsOptions) {
      return {
        isEligible: () => true,
        async render(container: HTMLElement) {
          rendered.push(options);
          const button = document.createElement('button');
          button.type = 'button';
          button.textContent = 'PayPal';
          // What PayPal's popup does: get the order, the buyer approves it, then onApprove.
          button.addEventListener('click', () => {
            void options.createOrder({ paymentSource: 'paypal' }, {}).then((orderID) => {
              created.push(orderID);
              return options.onApprove({ orderID, payerID: 'BUYER1' }, {});
            });
          });
          container.append(button);
        },
        close: async () => undefined,
      };
    },
  };
  return { rendered, created };
}

const sdkScripts = () => [...document.querySelectorAll<HTMLScriptElement>('script')].filter((script) => PAYPAL_SDK.test(script.src));

async function sdkLoaded() {
  await waitFor(() => expect(sdkScripts()).toHaveLength(1));
  const played = playPayPalSdk();
  act(() => {
    sdkScripts()[0]?.dispatchEvent(new Event('load'));
  });
  await screen.findByRole('button', { name: 'PayPal' });
  return played;
}

function openWallet(response: Record<string, unknown> = complete) {
  const context = { navigate: vi.fn(), fail: vi.fn() };
  render(
    <I18nextProvider i18n={i18next}>
      <WalletHost />
    </I18nextProvider>,
  );
  let result: ReturnType<typeof dispatchPayment> | undefined;
  act(() => {
    result = dispatchPayment(payment(response), context);
  });
  return { context, result };
}

beforeAll(async () => {
  await prepareI18n();
});

afterEach(() => {
  act(() => useWalletStore.getState().walletDismissed());
  delete (window as unknown as { paypal?: unknown }).paypal;
  for (const script of document.querySelectorAll('script')) script.remove();
});

describe('the wallet (PayPal) payment path', () => {
  it('loads nothing of PayPal until a wallet payment runs', () => {
    render(
      <I18nextProvider i18n={i18next}>
        <WalletHost />
      </I18nextProvider>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sdkScripts()).toEqual([]);
  });

  it('opens the PayPal dialog, loads the SDK with the client id and EUR, pays the server’s order and goes to the return page', async () => {
    const user = userEvent.setup();
    const { context, result } = openWallet();
    expect(result).toEqual({ ok: true });

    const dialog = await screen.findByRole('dialog', { name: 'Pay with PayPal' });
    expect(within(dialog).getByRole('status').textContent).toBe('Loading PayPal…');
    await waitFor(() => expect(sdkScripts()).toHaveLength(1));
    const sdk = new URL(sdkScripts()[0]?.src ?? '');
    expect(sdk.origin + sdk.pathname).toBe('https://www.paypal.com/sdk/js');
    expect(sdk.searchParams.get('client-id')).toBe('shop-client-id');
    expect(sdk.searchParams.get('currency')).toBe('EUR');
    expect(sdk.searchParams.get('intent')).toBe('capture');

    const { created } = await sdkLoaded();
    expect(within(dialog).queryByText('Loading PayPal…')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'PayPal' }));

    await waitFor(() => expect(context.navigate).toHaveBeenCalledWith('/checkout/return/order-hash-1'));
    expect(created).toEqual(['5O190127TN364715T']);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(context.fail).not.toHaveBeenCalled();
  });

  it('keeps the dialog when the buyer cancels in PayPal, saying so, and lets them try again', async () => {
    const user = userEvent.setup();
    const { context } = openWallet();
    const { rendered } = await sdkLoaded();
    act(() => rendered.at(-1)?.onCancel({ orderID: complete.order_id }, {}));

    const dialog = screen.getByRole('dialog', { name: 'Pay with PayPal' });
    expect(within(dialog).getByRole('status').textContent).toBe('You cancelled the payment in PayPal. You can try again.');
    expect(context.navigate).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'PayPal' }));
    await waitFor(() => expect(context.navigate).toHaveBeenCalledWith('/checkout/return/order-hash-1'));
  });

  it('closes on a PayPal error and shows the order-failed modal through the context', async () => {
    const { context } = openWallet();
    const { rendered } = await sdkLoaded();
    const error = { message: 'Things went wrong' };
    act(() => rendered.at(-1)?.onError(error));
    await waitFor(() => expect(context.fail).toHaveBeenCalledWith(error));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(context.navigate).not.toHaveBeenCalled();
  });

  it('fails when the PayPal SDK does not load', async () => {
    const { context } = openWallet();
    await waitFor(() => expect(sdkScripts()).toHaveLength(1));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    act(() => {
      sdkScripts()[0]?.dispatchEvent(new Event('error'));
    });
    await waitFor(() => expect(context.fail).toHaveBeenCalledWith(expect.any(Error)));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('can be closed, with its labelled close button or Escape, leaving for the order’s return page', async () => {
    const user = userEvent.setup();
    const first = openWallet();
    const dialog = await screen.findByRole('dialog', { name: 'Pay with PayPal' });
    await user.click(within(dialog).getByRole('button', { name: 'Close PayPal payment' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(first.context.navigate).toHaveBeenCalledWith('/checkout/return/order-hash-1');

    let context = { navigate: vi.fn(), fail: vi.fn() };
    act(() => {
      dispatchPayment(payment({ ...complete, order_id: 'SECOND' }), (context = { navigate: vi.fn(), fail: vi.fn() }));
    });
    await screen.findByRole('dialog', { name: 'Pay with PayPal' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(context.navigate).toHaveBeenCalledWith('/checkout/return/order-hash-1');
    expect(context.fail).not.toHaveBeenCalled();
  });

  it.each([
    ['no client id', { ...complete, client_id: undefined }],
    ['no order', { ...complete, order_id: ' ' }],
    ['a currency other than EUR', { ...complete, currency: 'USD' }],
    ['no return page', { ...complete, return_url: undefined }],
    ['a return address on another site', { ...complete, return_url: '//evil.example/checkout/return/x' }],
    ['a return address that is not the return page', { ...complete, return_url: 'javascript:alert(1)' }],
  ])('refuses a payment with %s, opening nothing', (_case, response) => {
    expect(walletCheckout(response)).toBeNull();
    const { result, context } = openWallet(response);
    expect(result).toEqual({ ok: false, key: 'CUSTOM:paypal' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(context.fail).not.toHaveBeenCalled();
  });
});
