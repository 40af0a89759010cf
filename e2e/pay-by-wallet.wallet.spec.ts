/**
 * Paying with PayPal, in a real Chromium against the real shop (PAYMENT_GATEWAY=paypal on :4303)
 * and the fake PayPal API on :4313 (tests/fakes/paypal-api.ts). There is no internet, so the PayPal
 * JS SDK itself is a tiny stand-in served for https://www.paypal.com/sdk/js**: its "PayPal" button
 * asks the shop's createOrder for the order, approves that order at the fake PayPal (what the buyer
 * does in PayPal's popup) and calls onApprove; the shop's return page then captures it.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './a11y.ts';
import { orderGuidebook } from './order-helpers.ts';

const FAKE_PAYPAL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4300) + 13}`;
const CLIENT_ID = 'e2e-paypal-client';

const FAKE_PAYPAL_SDK = `window.paypal = {
  version: 'e2e-fake',
  Buttons: function (options) {
    return {
      isEligible: function () { return true; },
      render: function (container) {
        var button = document.createElement('button');
        button.type = 'button';
        button.textContent = 'PayPal';
        button.addEventListener('click', function () {
          Promise.resolve(options.createOrder({ paymentSource: 'paypal' }, {}))
            .then(function (orderID) {
              window.recordCreatedOrder(orderID);
              return fetch(${JSON.stringify(FAKE_PAYPAL)} + '/test/orders/' + encodeURIComponent(orderID) + '/approve', { method: 'POST' }).then(function (response) {
                if (!response.ok) throw new Error('the fake PayPal did not approve ' + orderID);
                return options.onApprove({ orderID: orderID, payerID: 'E2EBUYER' }, {});
              });
            })
            .catch(function (error) { options.onError(error); });
        });
        container.appendChild(button);
        return Promise.resolve();
      },
      close: function () { return Promise.resolve(); },
    };
  },
};`;

interface WalletOrder {
  orderHash: string;
  orderId: string;
  response: Record<string, string>;
  sdkRequests: URL[];
  createdOrders: string[];
}

/** Orders a guidebook to pay, and answers what the order API said and what PayPal's SDK was asked. */
async function orderByWallet(page: Page): Promise<WalletOrder> {
  const sdkRequests: URL[] = [];
  const createdOrders: string[] = [];
  await page.exposeFunction('recordCreatedOrder', (orderId: string) => createdOrders.push(orderId));
  await page.route('https://www.paypal.com/sdk/js**', async (route) => {
    sdkRequests.push(new URL(route.request().url()));
    await route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_PAYPAL_SDK });
  });
  const submitted = page.waitForResponse(
    (response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST' && response.request().postDataJSON()?.simulate !== true,
  );
  await orderGuidebook(page);
  const answer = await (await submitted).json();
  const [line] = answer.response.orders;
  expect(line.payment).toMatchObject({ type: 'CUSTOM', gateway: 'paypal' });
  const response = line.payment.transaction.response as Record<string, string>;
  return { orderHash: line.order.hash, orderId: String(response.order_id), response, sdkRequests, createdOrders };
}

test('a PayPal payment: the SDK loads on demand, its buttons pay the order the API created, and the order comes back paid', async ({ page }) => {
  const order = await orderByWallet(page);
  expect(order.response).toEqual({ client_id: CLIENT_ID, order_id: order.orderId, currency: 'EUR', return_url: `/checkout/return/${order.orderHash}` });

  const dialog = page.getByRole('dialog', { name: 'Pay with PayPal' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousViolations(page, 'PayPal modal');
  const payPalButton = dialog.getByRole('button', { name: 'PayPal', exact: true });
  await expect(payPalButton).toBeVisible();
  // The SDK was fetched once, now, with the shop's client id and the currency fixed to EUR.
  expect(order.sdkRequests).toHaveLength(1);
  expect(order.sdkRequests[0]?.origin + (order.sdkRequests[0]?.pathname ?? '')).toBe('https://www.paypal.com/sdk/js');
  expect(order.sdkRequests[0]?.searchParams.get('client-id')).toBe(CLIENT_ID);
  expect(order.sdkRequests[0]?.searchParams.get('currency')).toBe('EUR');

  await payPalButton.click();
  await expect(page).toHaveURL(new RegExp(`/checkout/return/${order.orderHash}$`));
  expect(order.createdOrders).toEqual([order.orderId]);
  await expect(page.getByText('Thank you! Your payment has been received and your order is confirmed.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The return visit captured it at PayPal: in euros, for the order's total (€12.95 + €1.00 booking fee).
  const atPayPal = await (await page.request.get(`${FAKE_PAYPAL}/test/orders/${order.orderId}`)).json();
  expect(atPayPal.status).toBe('COMPLETED');
  expect(atPayPal.purchase_units[0].payments.captures).toEqual([
    expect.objectContaining({ status: 'COMPLETED', amount: { currency_code: 'EUR', value: '13.95' } }),
  ]);
});

test('closing the PayPal dialog leaves the order unpaid, on its return page, from where it can still be paid', async ({ page }) => {
  const order = await orderByWallet(page);
  const dialog = page.getByRole('dialog', { name: 'Pay with PayPal' });
  await expect(dialog.getByRole('button', { name: 'PayPal', exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close PayPal payment' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/return/${order.orderHash}$`));
  await expect(page.getByText('We are waiting for the confirmation of your payment.')).toBeVisible();
  expect(order.createdOrders).toEqual([]);

  // Completing it later (GET /api/payment/{hash}) opens the same PayPal order again, and pays it.
  await page.getByRole('button', { name: 'Complete the payment' }).click();
  const again = page.getByRole('dialog', { name: 'Pay with PayPal' });
  await again.getByRole('button', { name: 'PayPal', exact: true }).click();
  await expect(page.getByText('Thank you! Your payment has been received and your order is confirmed.')).toBeVisible();
  expect(order.createdOrders).toEqual([order.orderId]);
});
