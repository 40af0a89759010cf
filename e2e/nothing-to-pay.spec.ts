import { expect, test } from '@playwright/test';
import { expectLabelsBesideValues } from './details-list.ts';
import { expectStep, openGuidebook, signInAsDemoClient } from './order-helpers.ts';

test('an order a gift card pays in full skips the payment and goes straight to the return page, paid', async ({ page }) => {
  await signInAsDemoClient(page);

  await openGuidebook(page);
  await page.getByRole('button', { name: /^More: / }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expectStep(page, 'Your details');

  await page.getByRole('button', { name: 'Redeem a coupon or gift card' }).click();
  const couponDialog = page.getByRole('dialog', { name: 'Redeem a code' });
  await couponDialog.getByLabel('Code').fill('gift-demo-forever');
  await couponDialog.getByRole('button', { name: 'Apply' }).click();
  await expect(couponDialog.getByText('Gift card accepted: €40.00 credit.')).toBeVisible();
  await page.keyboard.press('Escape');

  // €12.95 + €1.00 booking fee, all of it from the gift card's credit: nothing left to pay.
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await expect(page.getByRole('complementary', { name: 'Your order' }).getByText('−€13.95')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm order' }).click();
  await expect(page).toHaveURL(/\/checkout\/return\/[0-9a-f]+$/);
  await expect(page.getByText('Thank you! Your payment has been received and your order is confirmed.')).toBeVisible();
  // The order's details: each label beside its value (a ticket line's too), at a phone's width as well.
  const details = page.locator('dl.checkout-return__facts');
  await expect(details.getByText('1 × €12.95')).toBeVisible();
  await expectLabelsBesideValues(details);
  await page.setViewportSize({ width: 412, height: 915 });
  await expectLabelsBesideValues(details);
  // No payment provider was involved on the way.
  expect(requests.filter((url) => url.includes('/api/test-gateway/'))).toEqual([]);
});
