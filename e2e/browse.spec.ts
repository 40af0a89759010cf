import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './a11y.ts';

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

test('a page whose code cannot be downloaded shows the route error inside the layout, and Reload recovers', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('main').getByRole('heading', { name: 'Day tickets' })).toBeVisible();
  // The pages' own chunks fail to download from now on (the shell is in already).
  const pageChunks = /\/assets\/route-[^/]+\.js$/;
  await page.route(pageChunks, (route) => route.abort('connectionfailed'));

  await page.getByRole('banner').getByRole('link', { name: 'FAQ' }).click();

  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
  await expect(main.getByText('This page could not be shown. Reload the page or go back to the shop.')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Tidewater Zoo & Aquarium' })).toBeVisible();
  await expect(page).toHaveURL(/\/faq$/);
  await expectNoSeriousViolations(page, 'route error');

  await page.unroute(pageChunks);
  await main.getByRole('button', { name: 'Reload the page' }).click();
  await expect(main.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
});

test('the start-up screen gives way to the whole page at once, and navigating keeps the page until the next one is in', async ({ page }) => {
  // The first page's code arrives well after the start-up data.
  const pageChunks = /\/assets\/route-[^/]+\.js$/;
  await page.route(pageChunks, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await page.addInitScript(() => {
    const record = window as unknown as { shellAroundSpinner?: boolean };
    record.shellAroundSpinner = false;
    new MutationObserver(() => {
      if (document.querySelector('.app-shell .route-loading')) record.shellAroundSpinner = true;
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/faq');
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
  // The start-up screen stayed until the page was in: never header and footer around a spinner.
  expect(await page.evaluate(() => (window as unknown as { shellAroundSpinner: boolean }).shellAroundSpinner)).toBe(false);
  // Nothing on the page moved (the start-up screen's spinner, gone since, is not the page).
  const shifted = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        type Shift = PerformanceEntry & { value: number; sources: { node?: Node | null }[] };
        new PerformanceObserver((list) =>
          resolve(
            (list.getEntries() as Shift[])
              .filter((shift) => shift.sources.some((source) => source.node?.isConnected))
              .reduce((sum, shift) => sum + shift.value, 0),
          ),
        ).observe({ type: 'layout-shift', buffered: true });
        // No shift at all leaves the callback uncalled.
        setTimeout(() => resolve(0), 500);
      }),
  );
  expect(shifted).toBe(0);
  await page.unroute(pageChunks);

  // The calendar's code is held back: the FAQ stays on screen, its main marked busy.
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pageChunks, async (route) => {
    await released;
    await route.continue();
  });
  await page.getByRole('banner').getByRole('link', { name: 'Calendar' }).click();
  await expect(page.getByRole('main')).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();

  release();
  const calendar = page.getByRole('main').getByRole('heading', { level: 1, name: 'Calendar' });
  await expect(calendar).toBeFocused();
  await expect(page.getByRole('main')).not.toHaveAttribute('aria-busy', 'true');
  await expect(page).toHaveTitle(/^Calendar · /);
});
