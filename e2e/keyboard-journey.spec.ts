/**
 * A purchase with the keyboard alone (WCAG 2.1.1): no mouse click from the home page to the paid
 * order. Also the keyboard behaviours of issue 12: "Fewer" keeps the focus at 0, a failed Pay
 * focuses an error summary whose links lead to the fields, and the language select applies a
 * choice on Enter rather than at each arrow press.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './a11y.ts';

/** Presses Tab until `target` has the focus (at most `limit` presses). */
async function tabTo(page: Page, target: Locator, limit = 40) {
  for (let press = 0; press < limit; press += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`${target.toString()} never took the focus`);
}

test('a zoo day ticket bought with the keyboard only', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await tabTo(page, page.getByRole('main').getByRole('link', { name: /: Day tickets$/ }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Day tickets' })).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: 'Book tickets: Zoo day ticket' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Zoo day ticket' })).toBeVisible();

  // Quantity: More, Fewer down to 0 (the focus stays on Fewer), More again.
  const more = page.getByRole('button', { name: /^More: / });
  const fewer = page.getByRole('button', { name: /^Fewer: / });
  await tabTo(page, more);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Shift+Tab');
  await expect(fewer).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(fewer).toBeFocused();
  await expect(fewer).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Tab');
  await expect(more).toBeFocused();
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('button', { name: 'Next', exact: true }));
  await page.keyboard.press('Enter');

  // Date: the calendar's selected day takes the focus; the arrow keys move to the next day, Enter
  // picks it (the focus stays on it), then its whole-day slot.
  await expect(page.getByRole('heading', { level: 2, name: 'Choose a date and time' })).toBeVisible();
  const selected = page.getByRole('button', { name: /, selected, / });
  const before = await selected.getAttribute('aria-label');
  await tabTo(page, selected);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(selected).not.toHaveAttribute('aria-label', before ?? '');
  await expect(selected).toBeFocused();
  await tabTo(page, page.getByRole('list', { name: 'Time slots' }).getByRole('button').first());
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('button', { name: 'Next', exact: true }));
  await page.keyboard.press('Enter');

  // Details: Pay with an empty form focuses the error summary; its first link leads to the field.
  await expect(page.getByRole('heading', { level: 2, name: 'Your details' })).toBeVisible();
  const pay = page.getByRole('button', { name: /^Pay / });
  await tabTo(page, pay);
  await page.keyboard.press('Enter');
  const summary = page.getByRole('group', { name: /^Please correct \d+ fields$/ });
  await expect(summary).toBeFocused();
  await expectNoSeriousViolations(page, 'details with the error summary');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  const firstName = page.getByRole('textbox', { name: /^First name/ });
  await expect(firstName).toBeFocused();
  await page.keyboard.type('Kim');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Visser');
  await tabTo(page, page.getByRole('textbox', { name: /^Email address/ }));
  await page.keyboard.type('kim@example.org');
  await page.keyboard.press('Tab');
  await page.keyboard.type('kim@example.org');
  const heardAbout = page.getByRole('combobox', { name: /How did you hear about us/ });
  await tabTo(page, heardAbout);
  await page.keyboard.press('ArrowDown');
  await expect(heardAbout).not.toHaveValue('');
  await expect(summary).toHaveCount(0);

  await tabTo(page, pay);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/api\/test-gateway\//);
  await tabTo(page, page.getByRole('button', { name: 'Pay', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/checkout\/return\//);
  await expect(page.getByText('Thank you! Your payment has been received and your order is confirmed.')).toBeVisible();
});

test('the language select applies a choice on Enter, not at each arrow press', async ({ page }) => {
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
  const select = page.getByRole('combobox', { name: 'Language' });
  await tabTo(page, select);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(select).toHaveValue('es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await expect(page.getByRole('heading', { level: 1, name: 'Veelgestelde vragen' })).toBeVisible();
  // The same select, now named in Dutch, keeps the focus.
  await expect(page.getByRole('combobox', { name: 'Taal' })).toBeFocused();
});
