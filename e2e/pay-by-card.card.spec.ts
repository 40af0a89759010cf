/**
 * Paying by card through Stripe Checkout, in a real Chromium against the real shop (PAYMENT_GATEWAY=
 * stripe on :4302) and the fake Stripe API on :4312 (tests/fakes/stripe-api.ts), which also serves
 * the "hosted Checkout page" and sends the signed webhook. There is no internet, so Stripe.js itself
 * is a tiny stand-in served for https://js.stripe.com/** that records the key it is started with.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './a11y.ts';
import { orderGuidebook } from './order-helpers.ts';

const FAKE_STRIPE = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4300) + 12}`;
const PUBLISHABLE_KEY = 'pk_test_e2e_card';

const FAKE_STRIPE_JS = `window.Stripe = Object.assign(function Stripe(key) {
  window.recordStripeKey(key);
  return {};
}, { version: 'endive' });`;

interface CardOrder {
  orderHash: string;
  session: string;
  key: string;
  stripeKeys: string[];
  stripeJsRequests: string[];
}

/** Orders a guidebook to pay, and answers what the order API and Stripe.js were told. */
async function orderByCard(page: Page): Promise<CardOrder> {
  const stripeKeys: string[] = [];
  const stripeJsRequests: string[] = [];
  await page.exposeFunction('recordStripeKey', (key: string) => stripeKeys.push(key));
  await page.route('https://js.stripe.com/**', async (route) => {
    stripeJsRequests.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_STRIPE_JS });
  });
  const submitted = page.waitForResponse(
    (response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST' && response.request().postDataJSON()?.simulate !== true,
  );
  await orderGuidebook(page);
  const answer = await (await submitted).json();
  const [line] = answer.response.orders;
  expect(line.payment).toMatchObject({ type: 'CUSTOM', gateway: 'stripe' });
  // The card payment waits for its button (spec section 4); Stripe.js is not fetched before it is pressed.
  const dialog = page.getByRole('dialog', { name: 'Pay by card' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousViolations(page, 'card payment dialog');
  expect(stripeJsRequests).toHaveLength(0);
  await dialog.getByRole('button', { name: 'Pay by card' }).click();
  const { key, session } = line.payment.transaction.response;
  return { orderHash: line.order.hash, session, key, stripeKeys, stripeJsRequests };
}

test('a card payment goes through Stripe Checkout and comes back paid', async ({ page }) => {
  const order = await orderByCard(page);
  // Stripe.js is fetched only once the button is pressed, started with the shop's publishable key, and the shopper is sent
  // to the hosted page of the very session the API opened.
  await expect(page).toHaveURL(`${FAKE_STRIPE}/c/pay/${order.session}`);
  expect(order.key).toBe(PUBLISHABLE_KEY);
  expect(order.stripeKeys).toEqual([PUBLISHABLE_KEY]);
  expect(order.stripeJsRequests).toHaveLength(1);
  await expect(page.getByTestId('session')).toHaveText(order.session);
  await expect(page.getByTestId('amount')).toHaveText('13.95 EUR');

  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/return/${order.orderHash}$`));
  await expect(page.getByText('Thank you! Your payment has been received and your order is confirmed.')).toBeVisible();
});

test('going back from Stripe Checkout returns to the shop with the order still payable (a GET changes nothing)', async ({ page }) => {
  const order = await orderByCard(page);
  await expect(page).toHaveURL(`${FAKE_STRIPE}/c/pay/${order.session}`);
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/return/${order.orderHash}$`));
  await expect(page.getByText('We are waiting for the confirmation of your payment.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Complete the payment' })).toBeVisible();
  // The session is still open at Stripe: the shopper may pay after all.
  await page.goto(`${FAKE_STRIPE}/c/pay/${order.session}`);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/return/${order.orderHash}$`));
  await expect(page.getByText('Thank you! Your payment has been received and your order is confirmed.')).toBeVisible();
});
