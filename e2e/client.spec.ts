import { expect, test } from '@playwright/test';

test('the demo client signs in, is shown in the header, and signs out', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await header.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/client\/login/);

  await page.getByLabel('E-mail address').fill('demo@tidewater.example');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(header.getByText('Dana de Vries')).toHaveCount(0);

  await page.getByLabel('Password').fill('tidewater-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(header.getByText('Dana de Vries')).toBeVisible();

  // The session survives a reload: it lives in an HttpOnly cookie, not in the page.
  await page.reload();
  await expect(header.getByText('Dana de Vries')).toBeVisible();
  expect(await page.evaluate(() => document.cookie)).not.toContain('shop_session');

  await header.getByRole('button', { name: 'Sign out' }).click();
  await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await page.reload();
  await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(header.getByText('Dana de Vries')).toHaveCount(0);
});
