import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './a11y.ts';
import { expectStep, next, openProduct, settleOnTestGateway } from './order-helpers.ts';

test('two products in the cart: edit one, delete one, reserve, see the reservation and pay it later', async ({ page }) => {
  // First item: the tour (it allows reservations), up to the details step.
  await openProduct(page, ['Day tickets', 'Guided tours'], 'Behind the scenes tour');
  await page.getByRole('button', { name: /^More: / }).click();
  await next(page);
  await expectStep(page, 'Choose a date and time');
  await next(page);
  await expectStep(page, 'Your details');
  await page.getByRole('button', { name: 'Add more' }).click();
  await expect(page).toHaveURL(/\/$/);
  // While the cart holds tickets, memberships and gifts are not for sale: no category card, and their page says so.
  await expect(page.getByRole('main').getByRole('link', { name: /: Day tickets$/ })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: /: Memberships/ })).toHaveCount(0);
  const { vouchers } = (await (await page.request.get('/api/home/products')).json()) as { vouchers: { id: number; slug: string }[] };
  await page.goto(`/voucher/${vouchers[0]?.id}/${vouchers[0]?.slug}`);
  await expect(page.getByText(/Memberships and gift vouchers are ordered on their own/)).toBeVisible();
  await expect(page.getByRole('button', { name: /^More: / })).toHaveCount(0);
  await expectNoSeriousViolations(page, 'a voucher page beside a ticket cart');
  await page.goto('/');

  // Second item: a zoo day ticket.
  await openProduct(page, ['Day tickets'], 'Zoo day ticket');
  await page.getByRole('button', { name: /^More: / }).click();
  await next(page);
  await expectStep(page, 'Choose a date and time');
  await next(page);
  await expectStep(page, 'Your details');
  const summary = page.getByRole('complementary', { name: 'Your order' });
  await expect(summary.getByRole('article')).toHaveCount(2);
  // The zoo ticket does not allow reservations, so neither does the cart yet.
  await expect(page.getByRole('button', { name: 'Reserve now, pay later' })).toHaveCount(0);

  // Edit the tour: it becomes the current order again; make it two tickets.
  await summary.getByRole('button', { name: 'Edit Behind the scenes tour' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Behind the scenes tour' })).toBeVisible();
  while (!(await page.getByRole('heading', { level: 2, name: 'How many tickets?' }).isVisible())) {
    await page.getByRole('button', { name: 'Back', exact: true }).click();
  }
  await page.getByRole('button', { name: /^More: / }).click();
  await next(page);
  await expectStep(page, 'Choose a date and time');
  // A new quantity clears the chosen slot (it may no longer fit): choose one again.
  await page.getByRole('list', { name: 'Time slots' }).getByRole('button').first().click();
  await next(page);
  await expectStep(page, 'Your details');

  // Delete the zoo ticket, after confirming.
  await summary.getByRole('button', { name: 'Delete Zoo day ticket' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove from the cart?' });
  await confirm.getByRole('button', { name: 'Yes, remove' }).click();
  await expect(summary.getByRole('article')).toHaveCount(1);
  await expect(summary.getByRole('article', { name: 'Behind the scenes tour' })).toContainText('2');

  const textbox = (name: RegExp) => page.getByRole('textbox', { name });
  await textbox(/^First name/).fill('Robin');
  await textbox(/^Last name/).fill('Bakker');
  await textbox(/^Email address/).fill('robin@example.org');
  await textbox(/^Confirm email address/).fill('robin@example.org');
  await page.getByLabel(/Date of birth/).fill('1990-06-15');
  await page.getByRole('combobox', { name: /How did you hear about us/ }).selectOption('friends');
  await page.getByRole('checkbox', { name: /safety rules/i }).check();
  await page.getByRole('button', { name: 'Reserve now, pay later' }).click();

  await expect(page).toHaveURL(/\/reservation\/[^/]+$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Behind the scenes tour' })).toBeVisible();
  await expect(main.getByText('Zoo day ticket')).toHaveCount(0);
  await expect(main.getByText('Your reservation is confirmed.')).toBeVisible();
  const tour = main.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Behind the scenes tour' }) });
  await expect(tour.getByRole('definition').filter({ hasText: /^2$/ })).toBeVisible();
  await expect(tour.getByText('€70.00').first()).toBeVisible();
  await expect(main.getByRole('region', { name: 'Your details' })).toContainText('robin@example.org');

  // Later, from the reservation page's checkout step: its payment (GET /api/payment/{hash}) runs like a new order's.
  await main.getByRole('button', { name: 'Continue to payment' }).click();
  await main.getByRole('button', { name: 'Pay now' }).click();
  // The tour's €70.00 plus the €1.00 booking fee.
  await expect(page.getByTestId('amount')).toHaveText('€71.00');
  await settleOnTestGateway(page, 'Pay');
  await expect(page.getByText('Thank you! Your payment has been received and your order is confirmed.')).toBeVisible();
});
