/**
 * axe-core on every route and step state of the storefront (WCAG 2.2 AA): each check fails on a
 * serious or critical violation. New flows call `expectNoSeriousViolations` from ./a11y.ts too.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations, seriousViolations } from './a11y.ts';
import { expectStep, guidebookDetails, next, openGuidebook, openProduct, orderGuidebook, settleOnTestGateway, signInAsDemoClient } from './order-helpers.ts';

test('the check itself finds a serious violation, in the page and inside a frame', async ({ page }) => {
  const pages: Record<string, string> = {
    '/': `<html lang="en"><head><title>Check</title></head><body><main><h1>Check</h1><img src="/pixel.gif"><iframe title="inner" src="/inner"></iframe></main></body></html>`,
    '/inner': `<html lang="en"><head><title>Inner</title></head><body><main><button></button></main></body></html>`,
  };
  await page.route('http://a11y-check.test/**', (route) => {
    const path = new URL(route.request().url()).pathname;
    return route.fulfill({ status: pages[path] ? 200 : 404, contentType: 'text/html', body: pages[path] ?? '' });
  });
  await page.goto('http://a11y-check.test/');
  await expect(page.frameLocator('iframe').locator('button')).toBeAttached();
  const rules = (await seriousViolations(page)).map((finding) => `${finding.rule} ${finding.targets.join(' ')}`);
  expect(rules).toEqual(expect.arrayContaining([expect.stringMatching(/^image-alt /), expect.stringMatching(/^button-name iframe/)]));
});

test('browsing: home, categories, an item modal, FAQ and its modals, login, not found, calendar', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page, 'home');

  await page
    .getByRole('main')
    .getByRole('link', { name: /: Day tickets$/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Day tickets' })).toBeVisible();
  await expectNoSeriousViolations(page, 'category');

  const info = page.getByRole('main').getByRole('button', { name: 'More info' }).first();
  await info.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoSeriousViolations(page, 'item information modal');
  await page.keyboard.press('Escape');

  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
  await page.getByRole('button', { name: 'When are you open?' }).click();
  await expectNoSeriousViolations(page, 'FAQ');
  await page.getByRole('button', { name: 'Request a refund' }).click();
  const refund = page.getByRole('dialog', { name: 'Refund request' });
  await refund.getByRole('button', { name: 'Send request' }).click();
  await expect(refund.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousViolations(page, 'FAQ refund modal with errors');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Show contact details' }).click();
  await expect(page.getByRole('dialog', { name: 'Contact details' })).toBeVisible();
  await expectNoSeriousViolations(page, 'FAQ contact modal');
  await page.keyboard.press('Escape');

  await page.goto('/client/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expectNoSeriousViolations(page, 'login with errors');
  await page.getByLabel('E-mail address').fill('demo@tidewater.example');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expectNoSeriousViolations(page, 'login refused');

  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expectNoSeriousViolations(page, 'not found');

  await page.goto('/calendar');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page, 'calendar');
});

test('the product flow: quantity, date, extras, cross-sell, details with errors, coupon modal', async ({ page }) => {
  test.setTimeout(90_000);
  await openProduct(page, ['Day tickets'], 'Aquarium entry');
  await expectStep(page, 'How many tickets?');
  await expectNoSeriousViolations(page, 'quantity step (empty)');
  await page.getByRole('button', { name: 'More: Adult' }).click();
  await page.getByRole('button', { name: 'More: Child (4-12)' }).click();
  await expectNoSeriousViolations(page, 'quantity step (chosen)');
  await next(page);

  await expectStep(page, 'Choose a date and time');
  // The chosen day looks chosen: the theme colour wins over the availability colours.
  await expect(page.getByRole('button', { name: /, selected, / })).toHaveCSS('background-color', 'rgb(26, 188, 156)');
  await expect(page.getByRole('button', { name: /, nothing available$/ }).first()).toBeDisabled();
  await expectNoSeriousViolations(page, 'date step');
  await page.setViewportSize({ width: 320, height: 640 });
  await expectNoSeriousViolations(page, 'date step at 320 px');
  // WCAG 1.4.10 reflow: nothing wider than the window, so no side-scrolling.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 1280, height: 720 });
  await next(page);

  await expectStep(page, 'Add extras');
  await page.getByRole('button', { name: /^Donate more: / }).click();
  await expectNoSeriousViolations(page, 'extras step');
  await next(page);

  await expectStep(page, 'You may also like');
  await expectNoSeriousViolations(page, 'cross-sell step');
  await page.getByRole('button', { name: 'No thanks, continue' }).click();

  await expectStep(page, 'Your details');
  await expectNoSeriousViolations(page, 'details step');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('textbox', { name: /^First name/ })).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousViolations(page, 'details step with errors');

  await page.getByRole('button', { name: 'Redeem a coupon or gift card' }).click();
  await expect(page.getByRole('dialog', { name: 'Redeem a code' })).toBeVisible();
  await expectNoSeriousViolations(page, 'coupon modal (anonymous)');
  await page.keyboard.press('Escape');
});

test('signed in: cart with two items, coupon accepted, reservation page', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsDemoClient(page);
  await expectNoSeriousViolations(page, 'signed in (login page)');
  await openGuidebook(page);
  await page.getByRole('button', { name: /^More: / }).click();
  await next(page);
  await expectStep(page, 'Your details');
  await page.getByRole('button', { name: 'Add more' }).click();
  await openProduct(page, ['Day tickets', 'Guided tours'], 'Behind the scenes tour');
  await page.getByRole('button', { name: /^More: / }).click();
  await next(page);
  await next(page);
  await expectStep(page, 'Your details');
  await expectNoSeriousViolations(page, 'cart with two items (signed in)');
  const summary = page.getByRole('complementary', { name: 'Your order' });

  await page.getByRole('button', { name: 'Redeem a coupon or gift card' }).click();
  const coupon = page.getByRole('dialog', { name: 'Redeem a code' });
  await coupon.getByLabel('Code').fill('NOPE');
  await coupon.getByRole('button', { name: 'Apply' }).click();
  await expect(coupon.getByRole('alert')).toBeVisible();
  await expectNoSeriousViolations(page, 'coupon modal refused');
  await coupon.getByLabel('Code').fill('SUMMER10');
  await coupon.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('complementary', { name: 'Your order' }).getByText('SUMMER10').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'coupon modal accepted');
  await page.keyboard.press('Escape');
  await expect(coupon).toHaveCount(0);
  await expectNoSeriousViolations(page, 'cart with a coupon');
  await summary.getByRole('button', { name: 'Delete Zoo guidebook' }).click();
  await expect(page.getByRole('dialog', { name: 'Remove from the cart?' })).toBeVisible();
  await expectNoSeriousViolations(page, 'remove-from-cart modal');
  await page.getByRole('dialog', { name: 'Remove from the cart?' }).getByRole('button', { name: 'Yes, remove' }).click();
  await expect(summary.getByRole('article')).toHaveCount(1);
  await page.getByLabel(/Date of birth/).fill('1990-06-15');
  await page.getByRole('checkbox', { name: /safety rules/i }).check();
  await page.getByRole('button', { name: 'Reserve now, pay later' }).click();
  await expect(page).toHaveURL(/\/reservation\/[^/]+$/);
  await expect(page.getByText('Your reservation is confirmed.')).toBeVisible();
  await expectNoSeriousViolations(page, 'reservation page');

  await page.goto('/reservation/no-such-hash');
  await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'reservation not found');
});

for (const action of ['Pay', 'Fail', 'Cancel'] as const) {
  test(`return page after "${action}"`, async ({ page }) => {
    await orderGuidebook(page);
    await expect(page).toHaveURL(/\/api\/test-gateway\//);
    await settleOnTestGateway(page, action);
    await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
    await expectNoSeriousViolations(page, `return page (${action})`);
  });
}

test('the order-failed modal', async ({ page }) => {
  await openGuidebook(page);
  await guidebookDetails(page);
  // The API refuses the order (the item vanished); the flow shows why in a modal.
  await page.route('**/api/orders', async (route) => {
    const body = route.request().postDataJSON() as { simulate?: boolean };
    if (body.simulate) return route.continue();
    return route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ ok: false, error: 'SOLD_OUT' }) });
  });
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('dialog', { name: 'Your order could not be placed' })).toBeVisible();
  await expectNoSeriousViolations(page, 'order-failed modal');
});
