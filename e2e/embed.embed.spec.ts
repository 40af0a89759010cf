/**
 * The shop embedded in the organisation's own site (docs/embedding.md): a static page on another
 * origin loads embed.js; third-party cookies are blocked in this project (playwright.config.ts).
 */
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { expectLabelsBesideValues } from './details-list.ts';

// Each journey opens several first pages of the shop (the frame, /embed/pay, the return): room for a busy machine.
test.describe.configure({ timeout: 150_000 });

const SHOP = /^http:\/\/127\.0\.0\.1:\d+$/;
const shopFrame = (page: Page): FrameLocator => page.frameLocator('iframe[title="Buy the zoo guidebook"]');

test('a shopper buys a guidebook in the frame, pays in the top window and lands back on the site with the confirmation', async ({ page }) => {
  await page.goto('/');
  const site = new URL(page.url()).origin;
  const frame = shopFrame(page);
  // The first page of a freshly started shop on a busy machine: its code and texts load in the frame.
  await expect(frame.getByRole('heading', { level: 1, name: 'Zoo guidebook' })).toBeVisible({ timeout: 20_000 });
  // The shop's own header is not repeated in the frame, and the frame grows to its content (no inner scrollbar).
  await expect(frame.getByRole('banner')).toBeHidden();
  const element = page.locator('iframe[title="Buy the zoo guidebook"]');
  await expect.poll(async () => element.evaluate((node: HTMLIFrameElement) => node.getBoundingClientRect().height)).not.toBe(480);
  const fits = () =>
    element
      .evaluate((node: HTMLIFrameElement) => node.getBoundingClientRect().height)
      .then(async (outer) => {
        const inner = await frame.locator('body').evaluate((body) => body.getBoundingClientRect().height);
        return Math.abs(outer - inner) <= 1;
      });
  await expect.poll(fits).toBe(true);
  // Third-party cookies are blocked: the frame cannot keep a cookie of the shop.
  expect(await frame.locator('body').evaluate(() => ((document.cookie = 'probe=1'), document.cookie.includes('probe')))).toBe(false);

  await frame.getByRole('button', { name: /^More: / }).click();
  await frame.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(frame.getByRole('heading', { level: 2, name: 'Your details' })).toBeVisible();
  await expect.poll(fits).toBe(true);
  const textbox = (name: RegExp) => frame.getByRole('textbox', { name });
  await textbox(/^First name/).fill('Kim');
  await textbox(/^Last name/).fill('Visser');
  await textbox(/^Email address/).fill('kim@example.org');
  await textbox(/^Confirm email address/).fill('kim@example.org');
  await frame.getByRole('combobox', { name: /How did you hear about us/ }).selectOption('social');
  await frame.getByRole('button', { name: 'Pay €13.95' }).click();

  // The test gateway's page opens in the top window, never in the frame.
  // (through the shop's own /embed/pay, a first page of the shop in this window)
  await expect(page).toHaveURL(/\/api\/test-gateway\//, { timeout: 20_000 });
  expect(new URL(page.url()).origin).toMatch(SHOP);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  // Back on the organisation's page, the frame shows the confirmation.
  await expect(page).toHaveURL(`${site}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Visit the zoo' })).toBeVisible();
  await expect(page.locator('iframe[title="Buy the zoo guidebook"]')).toHaveAttribute('src', /\/checkout\/return\/[0-9a-f]+\?embed=1/);
  await expect(frame.getByText('Thank you! Your payment has been received and your order is confirmed.')).toBeVisible({ timeout: 20_000 });
  await expectLabelsBesideValues(frame.locator('dl.checkout-return__facts'));
});

test('the overlay opens and closes by keyboard: focus moves in, Escape closes, focus returns', async ({ page }) => {
  await page.goto('/');
  const open = page.getByRole('button', { name: 'Open the calendar' });
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Open the calendar' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  const calendar = dialog.frameLocator('iframe');
  await expect(calendar.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();

  // Escape inside the frame closes it too (the frame asks the site to).
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await calendar.getByRole('heading', { level: 1 }).waitFor();
  await page.keyboard.press('Tab');
  await calendar.locator('body').press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
});

test('on a site that may not embed the shop, the page says so, with no frame of the shop', async ({ page, baseURL }) => {
  const refused = new URL(baseURL ?? '');
  refused.port = String(Number(refused.port) + 1);
  await page.goto(refused.href);
  await expect(page.getByRole('note').filter({ hasText: 'This shop cannot be shown here.' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: 'Open the shop in a new window' })).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
  // The shop itself still refuses to be framed there (CSP frame-ancestors).
  const shopOrigin = await page.locator('script[src$="/embed.js"]').evaluate((script: HTMLScriptElement) => new URL(script.src).origin);
  const answer = await page.request.get(`${shopOrigin}/product/3/shop`);
  expect(answer.headers()['content-security-policy']).toContain(`frame-ancestors 'self' ${new URL(baseURL ?? '').origin}`);
});
