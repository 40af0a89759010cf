import { expect, test } from '@playwright/test';
import { expectStep, next, openProduct, placesLeft, productIdFromUrl, settleOnTestGateway, signInAsDemoClient } from './order-helpers.ts';

test('the demo client buys adult and child tickets with an upsell, a donation and a coupon', async ({ page }) => {
  await signInAsDemoClient(page);

  await openProduct(page, ['Day tickets'], 'Aquarium entry');
  const productId = productIdFromUrl(page);
  const before = await placesLeft(page, productId);

  await expectStep(page, 'How many tickets?');
  await page.getByRole('button', { name: 'More: Adult' }).click();
  await page.getByRole('button', { name: 'More: Adult' }).click();
  await page.getByRole('button', { name: 'More: Child (4-12)' }).click();
  await next(page);

  await expectStep(page, 'Choose a date and time');
  const firstSlot = page.getByRole('list', { name: 'Time slots' }).getByRole('button').first();
  await firstSlot.click();
  await expect(firstSlot).toHaveAttribute('aria-pressed', 'true');
  await next(page);

  await expectStep(page, 'Add extras');
  await page.getByRole('button', { name: 'More: Audio guide' }).click();
  await page.getByRole('button', { name: 'Donate more: Support our sea turtles' }).click();
  await next(page);

  await expectStep(page, 'You may also like');
  await page.getByRole('button', { name: 'No thanks, continue' }).click();

  await expectStep(page, 'Your details');
  // Prefilled from the account and locked (spec section 6).
  await expect(page.getByLabel('First name')).toHaveValue('Dana');
  await expect(page.getByLabel('First name')).not.toBeEditable();
  await expect(page.getByRole('textbox', { name: /^Email address/ })).toHaveValue('demo@tidewater.example');
  await expect(page.getByRole('textbox', { name: /^Email address/ })).not.toBeEditable();

  await page.getByRole('button', { name: 'Redeem a coupon or gift card' }).click();
  const couponDialog = page.getByRole('dialog', { name: 'Redeem a code' });
  await couponDialog.getByLabel('Code').fill('summer10');
  await couponDialog.getByRole('button', { name: 'Apply' }).click();
  await expect(couponDialog.getByText('Code accepted: 10% discount.')).toBeVisible();
  await page.keyboard.press('Escape');

  // 2 × 18.50 + 9.50 = 46.50 tickets, 10% off = 4.65; + audio guide 4.00 + donation 5.00 + booking fee 1.00
  const summary = page.getByRole('complementary', { name: 'Your order' });
  await expect(summary.getByRole('list', { name: 'Applied codes' })).toContainText('SUMMER10');
  await expect(summary.getByText('−€4.65')).toBeVisible();

  await page.getByRole('button', { name: 'Pay €51.85' }).click();
  await settleOnTestGateway(page, 'Pay');
  await expect(page.getByText('Thank you! Your payment has been received and your order is confirmed.')).toBeVisible();
  // The API may show availability up to CATALOGUE_CACHE_MS (2 s) stale.
  await expect.poll(() => placesLeft(page, productId)).toBe(before - 3);
});
