/**
 * The back office's sales set-up and waiting list (issue 20 item 3, issue 22 item 2): a manager
 * creates a coupon and the storefront's coupon route then accepts it for a signed-in shopper; the
 * subscription and voucher editors open; the manager opens a slot's waiting list from the slot
 * calendar. axe on each page. Its own coupon code: nothing another journey uses is changed.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './a11y.ts';
import { signIn, STAFF } from './backoffice.ts';

const MANAGER = STAFF.manager;
const CLIENT = { email: 'demo@tidewater.example', password: 'tidewater-demo' };

test('a manager creates a coupon that the storefront then accepts', async ({ page }) => {
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  await signIn(page, MANAGER);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Coupons' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Coupons' })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('SUMMER10');

  await page.getByRole('button', { name: 'New coupon' }).click();
  await expectNoSeriousViolations(page, 'back-office coupon form');
  // A percentage above 100 is refused by the same rule the API applies, before anything is sent.
  await page.getByLabel('Code').fill(code.toLowerCase());
  await page.getByLabel('Value', { exact: true }).fill('150');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('A percentage can be at most 100.')).toBeVisible();
  await page.getByLabel('Value', { exact: true }).fill('15');
  await page.getByLabel('Most orders that may use it').fill('100');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${code} saved.` })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('0 / 100');
  await row.getByRole('button', { name: `Orders that used ${code}` }).click();
  await expect(page.getByText('No order has used this coupon yet.')).toBeVisible();
  await expectNoSeriousViolations(page, 'back-office coupons list');

  // The storefront: a signed-in shopper's coupon field asks POST /api/coupon, typed in lower case.
  const products = await page.request.get('/api/backoffice/catalogue/products');
  const [product] = (await products.json()) as { id: number }[];
  const login = await page.request.post('/api/client/login', { data: CLIENT });
  expect(login.ok()).toBe(true);
  const preview = await page.request.post('/api/coupon', { data: { type: 'PRODUCT', products: [product!.id], coupon: code.toLowerCase() } });
  expect(preview.status()).toBe(200);
  expect(await preview.json()).toEqual({ type: 'COUPON', data: { code, type: 'PERCENTAGE', value: 15, max_ticket_amount: null } });
});

test('the subscription and voucher editors open, and a slot’s waiting list opens from the slot calendar', async ({ page }) => {
  await signIn(page, MANAGER);
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await nav.getByRole('link', { name: 'Subscriptions' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Subscriptions' })).toBeVisible();
  await page.getByRole('button', { name: 'New subscription' }).click();
  await expect(page.getByRole('group', { name: /English/ })).toBeVisible();
  await expectNoSeriousViolations(page, 'back-office subscription form');

  await nav.getByRole('link', { name: 'Vouchers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vouchers' })).toBeVisible();
  await page
    .getByRole('button', { name: /^Edit / })
    .first()
    .click();
  await expect(page.getByRole('group', { name: 'Value 1' })).toBeVisible();
  await expectNoSeriousViolations(page, 'back-office voucher form');

  await nav.getByRole('link', { name: 'Slot calendar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Slot calendar' })).toBeVisible();
  // A day of next month (all ahead of today) opened: its slots' waiting lists.
  await page.getByRole('button', { name: 'Next month' }).click();
  await page
    .getByRole('button', { name: /: \d+ slots?, / })
    .first()
    .click();
  await page
    .getByRole('link', { name: /^Waiting list of / })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /^Waiting list: / })).toBeVisible();
  await expect(page.getByText('Nobody is waiting for this slot.').or(page.getByRole('table'))).toBeVisible();
  await expectNoSeriousViolations(page, 'back-office waiting list');
  await page.getByRole('link', { name: 'Back to the slot calendar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Slot calendar' })).toBeVisible();
});
