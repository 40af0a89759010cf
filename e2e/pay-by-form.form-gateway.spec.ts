import { expect, test } from '@playwright/test';
import { orderGuidebook, settleOnTestGateway } from './order-helpers.ts';

test('a FORM payment posts the gateway form by itself and comes back paid', async ({ page }) => {
  const posted: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/test-gateway/')) posted.push(new URL(request.url()).pathname);
  });
  await orderGuidebook(page);
  // The shop inserts the gateway's form and submits it after 250 ms: the browser lands on the gateway.
  await expect(page).toHaveURL(/\/api\/test-gateway\//);
  expect(posted.some((path) => path.endsWith('/start'))).toBe(true);
  await settleOnTestGateway(page, 'Pay');
  await expect(page.getByText('Thank you! Your payment has been received and your order is confirmed.')).toBeVisible();
});
