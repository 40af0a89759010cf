import { expect, test } from '@playwright/test';
import { orderGuidebook, settleOnTestGateway } from './order-helpers.ts';

for (const [action, message] of [
  ['Fail', 'Your payment failed.'],
  ['Cancel', 'Your payment was cancelled.'],
] as const) {
  test(`a payment the bank answers with "${action}" ends on the return page with a way back`, async ({ page }) => {
    await orderGuidebook(page);
    await settleOnTestGateway(page, action);
    await expect(page.getByText(message)).toBeVisible();
    await page.getByRole('link', { name: 'Try again' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
}
