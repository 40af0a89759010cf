/**
 * The back office as staff would choose it (issue 38): the owner closes a slot and disables a staff member,
 * each only after a confirmation naming the slot or the person (and undoes both); the audit log then says
 * both in words; the slot calendar's month fits a phone (no sideways scrolling); axe finds nothing serious
 * and the console logs no error on every page of the menu, at desktop and phone widths.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './a11y.ts';
import { signIn, STAFF } from './backoffice.ts';

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${page.url()})`);
  });
  page.on('pageerror', (error) => errors.push(`${error.message} (${page.url()})`));
  return errors;
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Back office' });

test('the owner closes a slot and disables a staff member, each after a confirmation naming it; the audit log says so in words', async ({ page }) => {
  const errors = consoleErrors(page);
  await page.goto('/backoffice/');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the back office' })).toBeVisible();
  await signIn(page, STAFF.owner);

  await nav(page).getByRole('link', { name: 'Slot calendar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Slot calendar' })).toBeVisible();
  // Next month: every day ahead of today. The first day with slots opened, its first slot closed.
  await page.getByRole('button', { name: 'Next month' }).click();
  const dayButton = page.getByRole('button', { name: /: \d+ slots?, / }).first();
  const dayName = ((await dayButton.getAttribute('aria-label')) ?? '').split(':')[0]!;
  await dayButton.click();
  await expect(page.getByRole('heading', { level: 2, name: dayName })).toBeVisible();
  const close = page.getByRole('button', { name: new RegExp(`^Close \\d\\d:\\d\\d on ${dayName}$`) }).first();
  const slotName = ((await close.textContent()) ?? '').replace(/^Close /, '');
  await close.click();
  const question = page.getByRole('dialog', { name: `Close ${slotName}?` });
  await expect(question).toContainText(/stays? valid|Nothing is booked on it yet\./);
  await expectNoSeriousViolations(page, 'closing a slot asked');
  await question.getByRole('button', { name: `Close ${slotName}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `Closed ${slotName}` })).toBeVisible();
  await page.getByRole('button', { name: `Undo: open ${slotName} again` }).click();
  await expect(page.getByRole('status').filter({ hasText: `${slotName} is open again.` })).toBeVisible();

  await nav(page).getByRole('link', { name: 'Staff' }).click();
  await page.getByRole('button', { name: 'Disable Gert Gate' }).click();
  const disable = page.getByRole('dialog', { name: 'Disable Gert Gate?' });
  await expect(disable).toContainText('Gert Gate is signed out at once');
  await disable.getByRole('button', { name: 'Disable Gert Gate' }).click();
  await expect(page.getByRole('status')).toHaveText('Gert Gate is disabled.');
  await page.getByRole('button', { name: 'Enable Gert Gate' }).click();
  await expect(page.getByRole('status')).toHaveText('Gert Gate is enabled.');

  await nav(page).getByRole('link', { name: 'Audit log' }).click();
  const log = page.getByRole('main');
  await expect(log.getByText(/^Closed a time slot to sales — .+, /).first()).toBeVisible();
  await expect(log.getByText('Changed the account of Gert Gate').first()).toBeVisible();
  await expect(page.getByRole('main').getByText(/slot\.close|staff\.update|product_schedule|schedule\.save|#\d/)).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the slot calendar’s month fits a phone without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 915 });
  await signIn(page, STAFF.manager);
  await page.goto('/backoffice/slots');
  await expect(page.getByRole('list', { name: 'Days of the month' })).toBeVisible();
  const widths = await page.evaluate(() => ({ document: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(widths.document).toBe(widths.viewport);
  await page
    .getByRole('button', { name: /: \d+ slots?, / })
    .last()
    .click();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(412);
  await expectNoSeriousViolations(page, 'slot calendar on a phone');
});

for (const width of [1280, 412]) {
  test(`every page of the menu at ${width} px: axe finds nothing serious and nothing is logged as an error`, async ({ page }) => {
    test.setTimeout(240_000);
    const errors = consoleErrors(page);
    await page.setViewportSize({ width, height: 915 });
    await signIn(page, STAFF.owner);
    if (width < 900) await page.getByRole('button', { name: 'Menu' }).click();
    const links = await nav(page)
      .getByRole('link')
      .evaluateAll((anchors) => anchors.map((anchor) => [anchor.textContent ?? '', anchor.getAttribute('href') ?? '']));
    expect(links.length).toBeGreaterThan(10);
    for (const [name, href] of links) {
      await page.goto(href!);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoSeriousViolations(page, `${name} at ${width} px`);
    }
    expect(errors).toEqual([]);
  });
}
