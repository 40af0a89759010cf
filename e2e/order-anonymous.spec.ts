import { expect, test } from '@playwright/test';
import { expectStep, next, openProduct, placesLeft, productIdFromUrl, settleOnTestGateway } from './order-helpers.ts';

test('an anonymous visitor fills the custom fields, is told coupons need signing in, and pays', async ({ page }) => {
  await openProduct(page, ['Day tickets', 'Guided tours'], 'Behind the scenes tour');
  const productId = productIdFromUrl(page);
  const before = await placesLeft(page, productId);

  await expectStep(page, 'How many tickets?');
  await page.getByRole('button', { name: /^More: / }).click();
  await page.getByRole('button', { name: /^More: / }).click();
  await next(page);

  await expectStep(page, 'Choose a date and time');
  await expect(page.getByRole('list', { name: 'Time slots' }).getByRole('button', { pressed: true })).toBeVisible();
  await next(page);

  await expectStep(page, 'Your details');
  const textbox = (name: RegExp) => page.getByRole('textbox', { name });
  await textbox(/^First name/).fill('Sam');
  await textbox(/^Last name/).fill('Jansen');
  await textbox(/^Email address/).fill('sam@example');
  await textbox(/^Confirm email address/).fill('SAM@example.org');
  await textbox(/^Phone number/).fill('12345');
  await page.getByLabel(/Date of birth/).fill('2001-02-30');

  // Refused first: the danger borders show and nothing is ordered.
  const orders: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/orders') && !request.postData()?.includes('"simulate":true')) {
      orders.push(request.url());
    }
  });
  await page.getByRole('button', { name: /^Pay / }).click();
  for (const field of [/^Email address/, /^Phone number/]) {
    await expect(textbox(field)).toHaveAttribute('aria-invalid', 'true');
  }
  await expect(page.getByLabel(/Date of birth/)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('checkbox', { name: /safety rules/i })).toHaveAttribute('aria-invalid', 'true');
  expect(orders).toHaveLength(0);

  // Coupons need an account (spec section 6); gift cards not.
  await page.getByRole('button', { name: 'Redeem a coupon or gift card' }).click();
  const couponDialog = page.getByRole('dialog', { name: 'Redeem a code' });
  await expect(couponDialog.getByText('Gift cards work without an account. Coupon codes work once you are signed in.')).toBeVisible();
  await expect(couponDialog.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', /^\/client\/login\?redirect=%2Fproduct%2F/);
  await page.keyboard.press('Escape');

  await textbox(/^Email address/).fill('sam@example.org');
  await expect(textbox(/^Confirm email address/)).not.toHaveAttribute('aria-invalid', 'true');
  await textbox(/^Phone number/).fill('+31 6 8765 4321');
  await page.getByLabel(/Date of birth/).fill('2001-02-28');
  await page.getByRole('combobox', { name: /How did you hear about us/ }).selectOption('newspaper');
  await page.getByRole('checkbox', { name: /safety rules/i }).check();

  // 2 × €35.00 + €1.00 booking fee
  await page.getByRole('button', { name: 'Pay €71.00' }).click();
  await settleOnTestGateway(page, 'Pay');
  await expect(page.getByText('Thank you! Your payment has been received and your order is confirmed.')).toBeVisible();
  expect(orders).toHaveLength(1);
  // The API may show availability up to CATALOGUE_CACHE_MS (2 s) stale.
  await expect.poll(() => placesLeft(page, productId)).toBe(before - 2);
});
