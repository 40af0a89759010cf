/**
 * The orders desk (issue 21 item 8, desk part): a visitor buys two tour tickets on the storefront;
 * the box office finds the order by e-mail, moves it to another day (the places move with it),
 * refunds one ticket (the test gateway records the refund; that ticket no longer checks in), the
 * visitor is mailed of the move and the refund, and the confirmation is resent (it arrives). axe on the desk's pages and dialogs.
 */
import { expect, test, type Page } from '@playwright/test';
import { formatDay } from '#domain/date-text.ts';
import { expectNoSeriousViolations } from './a11y.ts';
import { mailsTo } from './mailbox.ts';
import { expectStep, next, openProduct, settleOnTestGateway } from './order-helpers.ts';
import { signIn, STAFF } from './backoffice.ts';

const BOX_OFFICE = STAFF.boxOffice;

async function buyTwoTourTickets(page: Page, email: string) {
  await openProduct(page, ['Day tickets', 'Guided tours'], 'Behind the scenes tour');
  await expectStep(page, 'How many tickets?');
  await page.getByRole('button', { name: /^More: / }).click();
  await page.getByRole('button', { name: /^More: / }).click();
  await next(page);
  await expectStep(page, 'Choose a date and time');
  await next(page);
  await expectStep(page, 'Your details');
  const textbox = (name: RegExp) => page.getByRole('textbox', { name });
  await textbox(/^First name/).fill('Desk');
  await textbox(/^Last name/).fill('Visitor');
  await textbox(/^Email address/).fill(email);
  await textbox(/^Confirm email address/).fill(email);
  await textbox(/^Phone number/).fill('+31 6 1234 5678');
  await page.getByLabel(/Date of birth/).fill('1990-05-17');
  await page.getByRole('combobox', { name: /How did you hear about us/ }).selectOption('newspaper');
  await page.getByRole('checkbox', { name: /safety rules/i }).check();
  await page.getByRole('button', { name: 'Pay €71.00' }).click();
  await settleOnTestGateway(page, 'Pay');
  await expect(page.getByText('Thank you! Your payment has been received and your order is confirmed.')).toBeVisible();
}

interface Slot {
  id: number;
  date: string;
  sold: number;
}
async function slotsOf(page: Page, number: number, from: string): Promise<Slot[]> {
  const until = new Date(Date.parse(`${from}T00:00:00Z`) + 13 * 86_400_000).toISOString().slice(0, 10);
  const response = await page.request.get(`/api/backoffice/orders/${number}/slots?from=${from}&until=${until}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as Slot[];
}

test('box office finds an order by e-mail, moves it, refunds a ticket and resends the mail', async ({ page }) => {
  const email = `desk-${Date.now()}@example.org`;
  await test.step('a visitor buys two tickets', () => buyTwoTourTickets(page, email));

  await signIn(page, BOX_OFFICE);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();

  // Found by e-mail; the URL holds the search.
  await page.getByRole('searchbox', { name: /^Order number, e-mail/ }).fill(email);
  await expect(page.getByText('Searching by e-mail address.')).toBeVisible();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(email).replace(/\./g, '\\.')}`));
  const link = page.getByRole('table').getByRole('link', { name: /^Order \d+$/ });
  await expect(link).toHaveCount(1);
  await expectNoSeriousViolations(page, 'orders desk with a result');
  const number = Number(((await link.textContent()) ?? '').replace(/\D/g, ''));
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
  await expect(page.getByRole('table', { name: '2 tickets' })).toBeVisible();
  await expectNoSeriousViolations(page, 'order page');

  // Move to another day: the two places leave the old slot and fill the new one.
  const order = (await (await page.request.get(`/api/backoffice/orders/${number}`)).json()) as { plot: { id: number; date: string } };
  const before = await slotsOf(page, number, order.plot.date);
  const target = before.find((slot) => slot.date > order.plot.date);
  if (!target) throw new Error('no slot on a later day');
  await page.getByRole('button', { name: 'Move to another slot' }).click();
  const move = page.getByRole('dialog', { name: `Move order ${number}` });
  // The list starts today; the slots are named by their day with its weekday and the time without seconds.
  await move.getByLabel('Show slots from').fill(order.plot.date);
  await move
    .getByRole('radio', { name: new RegExp(`^${formatDay(target.date, 'en', 'short')} \\d\\d:\\d\\d · `) })
    .first()
    .check();
  await expect(move.getByText(/^Difference: /)).toBeVisible();
  await expectNoSeriousViolations(page, 'move dialog with a quote');
  await move.getByRole('button', { name: 'Move the booking' }).click();
  await expect(page.getByRole('status')).toContainText('The booking is moved.');
  const after = await slotsOf(page, number, order.plot.date);
  const sold = (slots: Slot[], id: number) => slots.find((slot) => slot.id === id)?.sold;
  const moved = (await (await page.request.get(`/api/backoffice/orders/${number}`)).json()) as { plot: { id: number } };
  expect(sold(after, order.plot.id)).toBe((sold(before, order.plot.id) ?? 0) - 2);
  expect(sold(after, moved.plot.id)).toBe((sold(before, moved.plot.id) ?? 0) + 2);

  // Refund ticket 1; the dialog offers its share and never more than is left.
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  const refund = page.getByRole('dialog', { name: `Refund order ${number}` });
  await expect(refund.getByText('Still refundable: €71.00 (paid: €71.00).')).toBeVisible();
  await refund.getByRole('checkbox', { name: 'Ticket 1' }).check();
  await expect(refund.getByRole('spinbutton', { name: 'Amount to give back' })).toHaveValue('35.5');
  await expectNoSeriousViolations(page, 'refund dialog');
  await refund.getByRole('button', { name: 'Refund', exact: true }).dblclick();
  await expect(page.getByRole('status')).toContainText('€35.50 refunded.');
  // The test gateway carries the refund out: the page shows it done, with the gateway's reference.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('table', { name: '1 refund' }).getByRole('cell', { name: 'refunded', exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole('table', { name: '2 tickets' }).getByRole('row', { name: /^Ticket 1 .*refunded on/ })).toBeVisible();

  // The refunded ticket no longer checks in; the other one is still a genuine ticket (of another day).
  const me = (await (await page.request.get('/api/backoffice/me')).json()) as { csrf_token: string };
  const lookup = (await (await page.request.get(`/api/backoffice/gate/lookup?q=${number}`)).json()) as { tickets: { id: number; position: number }[] };
  const checkIn = async (position: number) => {
    const ticket = lookup.tickets.find((row) => row.position === position);
    const response = await page.request.post('/api/backoffice/gate/check-in', {
      headers: { 'x-csrf-token': me.csrf_token },
      data: { ticket_id: ticket?.id },
    });
    expect(response.ok()).toBe(true);
    return ((await response.json()) as { result: string }).result;
  };
  expect(await checkIn(1)).toBe('refunded');
  expect(await checkIn(2)).not.toBe('refunded');

  // The visitor was told of the move and the refund, each in a mail of its own, with the new time and the amount.
  await expect
    .poll(async () => (await mailsTo(page, email)).map((mail) => mail.subject.replace(/ — .*$/, '')), { timeout: 20_000 })
    .toEqual(expect.arrayContaining([`Your booking ${number} has been moved`, `A refund for your order ${number}`]));
  const told = await mailsTo(page, email);
  expect(told.find((mail) => mail.subject.startsWith(`A refund for your order ${number}`))?.text).toContain('We are refunding €35.50 the way you paid.');
  expect(told.find((mail) => mail.subject.startsWith(`Your booking ${number} has been moved`))?.text).toMatch(/has been moved from .+ to .+\./);

  // Resend: one more mail arrives (after the order's own confirmation).
  const mailsBefore = (await mailsTo(page, email)).length;
  await page.getByRole('button', { name: 'Resend the confirmation' }).click();
  await expect(page.getByRole('status')).toHaveText(`The confirmation is on its way to ${email}.`);
  await expect.poll(async () => (await mailsTo(page, email)).length, { timeout: 20_000 }).toBe(mailsBefore + 1);

  // The inbox and the gift cards pass axe too.
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await nav.getByRole('link', { name: 'Refund requests' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Refund requests' })).toBeVisible();
  await expect(page.getByLabel('Show')).toHaveValue('OPEN');
  await expectNoSeriousViolations(page, 'refund requests inbox');
  await nav.getByRole('link', { name: 'Gift cards' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gift cards' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Issue the gift card' })).toBeVisible();
  await expectNoSeriousViolations(page, 'gift cards');
});
