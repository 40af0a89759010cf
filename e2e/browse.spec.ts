import { expect, test } from '@playwright/test';

test('the home page shows the demo shop: categories and the uncategorised items', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Tidewater Zoo & Aquarium' }).first()).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Day tickets' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Memberships & gifts' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Zoo guidebook' })).toBeVisible();
  // A draft category and an invisible product are not listed.
  await expect(main.getByText('Winter Lights')).toHaveCount(0);
  await expect(main.getByText('Night at the aquarium', { exact: false })).toHaveCount(0);
  // Prices are formatted in the organisation's currency.
  await expect(main.getByText('€12.95')).toBeVisible();
});

test('category navigation goes down into a child category and back up again', async ({ page }) => {
  await page.goto('/');
  await page
    .getByRole('main')
    .getByRole('link', { name: /Day tickets/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/category\/\d+\/day-tickets$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Day tickets' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Aquarium entry' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Zoo day ticket' })).toBeVisible();

  await page
    .getByRole('main')
    .getByRole('link', { name: /Guided tours/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/category\/\d+\/guided-tours$/);
  await expect(page.getByRole('heading', { name: 'Behind the scenes tour' })).toBeVisible();
  await expect(page).toHaveTitle(/Guided tours/);

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Day tickets' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('main').getByRole('heading', { name: 'Zoo guidebook' })).toBeVisible();
});

test('switching to Dutch translates the interface and the catalogue, and the choice persists', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('main').getByRole('heading', { name: 'Day tickets' })).toBeVisible();
  await page.getByLabel('Language').selectOption('nl');
  await expect(page.getByRole('main').getByRole('heading', { name: 'Dagtickets' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { name: 'Dierentuingids' })).toBeVisible();
  await expect(
    page
      .getByRole('link', { name: 'Veelgestelde vragen' })
      .or(page.getByRole('link', { name: 'FAQ' }))
      .first(),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');

  await page.reload();
  await expect(page.getByRole('main').getByRole('heading', { name: 'Dagtickets' })).toBeVisible();
  await expect(page.getByLabel('Taal')).toHaveValue('nl');
});

test('an unknown path shows the not-found page', async ({ page }) => {
  const response = await page.goto('/this/does/not/exist');
  expect(response?.status()).toBe(200); // the SPA answers; the page says what happened
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the shop' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a deep link into a category works on a fresh load', async ({ page }) => {
  await page.goto('/');
  const href = await page
    .getByRole('main')
    .getByRole('link', { name: /Memberships & gifts/ })
    .first()
    .getAttribute('href');
  expect(href).toMatch(/^\/category\/\d+\/memberships-and-gifts$/);
  await page.goto(href!);
  await expect(page.getByRole('heading', { level: 1, name: 'Memberships & gifts' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Gift voucher', exact: true })).toBeVisible();
});
