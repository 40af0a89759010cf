/**
 * Returning customers in Chromium against the real shop: a reservation with a coupon — a custom
 * field edited (the names are not editable), moved to another date with one ticket more through
 * the product flow (the old slot's places given back), its coupon removed and paid
 * from its page for the amount shown; a reservation cancelled, its places back; a paid order
 * rebooked to another day from the FAQ card through the product flow; and the paid order page
 * with one QR-coded e-ticket per admission. The bookings they start from are placed through the
 * API (the product flow has its own journeys).
 */
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectStep, next, settleOnTestGateway } from './order-helpers.ts';
import { expectNoSeriousViolations } from './a11y.ts';

const email = 'ada@example.test';
const tourCustomer = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email,
  fields: { email_confirm: email, heard_about_us: 'friends', date_of_birth: '1990-01-01', safety_rules: true },
};

interface Slot {
  id: number;
  date: string;
  selectable: boolean;
  availability: { amount: number };
}

async function tour(request: APIRequestContext): Promise<number> {
  for (let id = 1; id <= 20; id += 1) {
    const response = await request.get(`/api/products/${id}`);
    if (response.ok() && ((await response.json()) as { title: string }).title === 'Behind the scenes tour') return id;
  }
  throw new Error('no tour in the demo shop');
}

async function slots(request: APIRequestContext, product: number): Promise<Slot[]> {
  const response = await request.get(`/api/products/${product}/plots?order[quantity]=2`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as Slot[]).filter((slot) => slot.selectable);
}

async function book(request: APIRequestContext, action: 'reserve' | 'pay', skip = 0, coupon: string[] = []) {
  const product = await tour(request);
  const slot = (await slots(request, product))[3 + skip] as Slot;
  const response = await request.post('/api/orders', {
    data: { customer: tourCustomer, action, coupon, orders: [{ product: { id: product, plot: slot.id, quantity: 2 } }] },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const [line] = ((await response.json()) as { response: { orders: { order: { hash: string }; payment: { hash: string } | null }[] } }).response.orders;
  return { product, slot, hash: line!.order.hash, payment: line!.payment?.hash ?? '' };
}

/** Coupons need a signed-in client (spec section 6): the demo client, in this browser context. */
async function signIn(request: APIRequestContext) {
  const response = await request.post('/api/client/login', { data: { email: 'demo@tidewater.example', password: 'tidewater-demo' } });
  expect(response.ok(), await response.text()).toBe(true);
}

/** A day as the calendar's day buttons name it (en-GB, date-fns `PPPP`): "Monday, 15 June 2026". */
function dayLabel(date: string): string {
  const day = new Date(`${date}T12:00:00Z`);
  const part = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).format(day);
  return `${part({ weekday: 'long' })}, ${part({ day: 'numeric' })} ${part({ month: 'long' })} ${part({ year: 'numeric' })}`;
}

/** The reservation's total (its "Total" line), the amount the payment asks. */
const grandTotal = (page: Page) =>
  page
    .getByRole('term')
    .filter({ hasText: /^Total$/ })
    .locator('xpath=following-sibling::dd[1]');

/** A day as the reservation card shows it (formatDay, long): "15 June 2026" within it. */
function dayText(date: string): RegExp {
  const day = new Date(`${date}T12:00:00Z`);
  const part = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).format(day);
  return new RegExp(`${part({ day: 'numeric' })} ${part({ month: 'long' })} ${part({ year: 'numeric' })}`);
}

/**
 * Clicks `date` in the date step's calendar, a month or two on where needed, each time once the
 * calendar is there: while its slots load it is a spinner, with no day to find.
 */
async function chooseDay(page: Page, date: string) {
  const day = page.getByRole('button', { name: new RegExp(`^${dayLabel(date)}`) });
  const nextMonth = page.getByRole('button', { name: 'Go to the Next Month' });
  for (let months = 0; months < 2; months += 1) {
    await expect(nextMonth).toBeVisible();
    if ((await day.count()) > 0) break;
    await nextMonth.click();
  }
  await day.click();
}

async function expectTickets(page: Page, count: number, to = email) {
  await expect(page.getByRole('heading', { level: 2, name: 'Your e-tickets' })).toBeVisible();
  await expectNoSeriousViolations(page, 'paid order page with e-tickets');
  await expect(page.getByRole('img', { name: /^QR code of ticket \d of \d$/ })).toHaveCount(count);
  await expect(page.getByText(`We sent your tickets to ${to}.`)).toBeVisible();
}

test('a reservation: edit a custom field, change the date and quantity through the product flow, remove the coupon, pay from the reservation page and get the tickets', async ({
  page,
}) => {
  await signIn(page.request);
  const { hash, slot } = await book(page.request, 'reserve', 0, ['SUMMER10']);
  const reserved = (await (await page.request.get(`/api/reservation/${hash}`)).json()) as { reservation: { customer: { email: string } } };
  await page.goto(`/reservation/${hash}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your reservation' })).toBeVisible();
  await expect(page.getByText('Booking fee')).toBeVisible();
  // 2 × €35.00 − 10 % + €1.00 booking fee
  await expect(page.getByText('Coupon SUMMER10', { exact: true })).toBeVisible();
  await expect(grandTotal(page)).toHaveText('€64.00');
  await expect(page.getByText('Step 1 of 2')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
  await expectNoSeriousViolations(page, 'reservation page with a coupon line and total');
  // Two steps (spec: overview, then checkout): the checkout shows the cards with their images and the pay button.
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Checkout' })).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/reservation/${hash}\\?step=checkout$`));
  await expect(page.getByRole('article', { name: 'Behind the scenes tour' }).locator('img')).toHaveAttribute('src', /\S/);
  await expect(page.getByText('Amount to pay: €64.00')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay now' })).toBeVisible();
  await expectNoSeriousViolations(page, 'reservation checkout step');
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Checkout' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to the overview' }).click();
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeVisible();

  // The default fields are shown, not editable; the organisation's own fields are.
  await page.getByRole('button', { name: 'Edit your details' }).click();
  await expect(page.getByRole('textbox', { name: /^First name/ })).toHaveAttribute('readonly', '');
  await expect(page.getByRole('textbox', { name: /^Last name/ })).toHaveAttribute('readonly', '');
  await page.getByRole('combobox', { name: /How did you hear about us/ }).selectOption('newspaper');
  await expectNoSeriousViolations(page, 'reservation edit form');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your details have been saved.')).toBeVisible();
  await expect(page.getByText('Newspaper')).toBeVisible();

  // Change it through the product flow: another day and one ticket more.
  const product = await tour(page.request);
  const target = (await slots(page.request, product)).find((each) => each.date > slot.date) as Slot;
  await page.getByRole('button', { name: 'Change reservation' }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${product}/change$`));
  await expectStep(page, 'Choose a date and time');
  // Its own slot shows as the current one, chosen.
  const timeSlots = page.getByRole('list', { name: 'Time slots' });
  await expect(timeSlots.getByRole('button', { name: /current/ })).toHaveAttribute('aria-pressed', 'true');
  await expectNoSeriousViolations(page, 'reservation change: the product flow’s date step with the current slot');
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expectStep(page, 'How many tickets?');
  await page.getByRole('button', { name: 'More: Tickets' }).click();
  await next(page);
  await expectStep(page, 'Choose a date and time');
  await chooseDay(page, target.date);
  // By keyboard from here: the slot, Next, and the confirmation.
  await timeSlots.getByRole('button').first().focus();
  await page.keyboard.press('Enter');
  await expect(timeSlots.getByRole('button').first()).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Next', exact: true }).focus();
  await page.keyboard.press('Enter');
  // The customer is not asked again (no extras step either: the reservation keeps its extras).
  await expectStep(page, 'Your details');
  // The new total before confirming: 3 × €35.00 − 10 % + €1.00 booking fee, as the server simulates the change.
  const confirm = page.getByRole('button', { name: 'Change reservation (€95.50)' });
  await expect(confirm).toBeVisible();
  await expectNoSeriousViolations(page, 'reservation change: the new total before confirming');
  await confirm.focus();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(new RegExp(`/reservation/${hash}$`));
  await expect(page.getByText('Your reservation has been changed.')).toBeVisible();
  // Reloaded: the new day and quantity, priced again with the coupon's rule.
  const card = page.getByRole('article', { name: 'Behind the scenes tour' });
  await expect(card.getByText(dayText(target.date))).toBeVisible();
  await expect(card.getByRole('definition').filter({ hasText: /^3$/ })).toBeVisible();
  await expect(grandTotal(page)).toHaveText('€95.50');
  await expectNoSeriousViolations(page, 'reservation page after the change');
  // The old slot's places were given back, the new slot's taken (availability may be cached a moment).
  const left = (id: number) =>
    expect.poll(async () => (await slots(page.request, product)).find((each) => each.id === id)?.availability.amount, { timeout: 10_000 });
  await left(slot.id).toBe(slot.availability.amount);
  await left(target.id).toBe(target.availability.amount - 3);

  await page.getByRole('button', { name: 'Remove coupon SUMMER10' }).click();
  await expect(page.getByText('The coupon has been removed. Your total is now €106.00.')).toBeVisible();
  // The coupon's line is gone from the reservation; its history says what happened.
  await expect(page.getByText('Coupon SUMMER10', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'What happened to your reservation' })).toContainText('Coupon SUMMER10 removed; the total is now €106.00');
  await expect(grandTotal(page)).toHaveText('€106.00');
  await expectNoSeriousViolations(page, 'reservation page after the coupon was removed');

  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByText('Amount to pay: €106.00')).toBeVisible();
  await page.getByRole('button', { name: 'Pay now' }).click();
  // The payment asks what the page showed.
  await expect(page.getByTestId('amount')).toHaveText('€106.00');
  await settleOnTestGateway(page, 'Pay');
  await expectTickets(page, 3, reserved.reservation.customer.email);
  await expect(page.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('download', /^order-\d+\.ics$/);
});

test('a cancelled reservation gives its places back', async ({ page }) => {
  const product = await tour(page.request);
  const target = (await slots(page.request, product))[7] as Slot;
  // Availability answers may be reused for up to CATALOGUE_CACHE_MS: poll until they turn.
  const left = () =>
    expect.poll(async () => (await slots(page.request, product)).find((each) => each.id === target.id)?.availability.amount, { timeout: 10_000 });
  const { hash, slot } = await book(page.request, 'reserve', 4);
  expect(slot.id).toBe(target.id);
  await left().toBe(target.availability.amount - 2);
  await page.goto(`/reservation/${hash}`);
  await page.getByRole('button', { name: 'Cancel reservation' }).click();
  await page.getByRole('dialog', { name: 'Cancel this reservation?' }).getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByText('Your reservation has been cancelled and its places have been given back.')).toBeVisible();
  await left().toBe(target.availability.amount);
});

test('a paid order rebooked to another day from the FAQ card, through the product flow', async ({ page }) => {
  const { payment, hash, slot, product } = await book(page.request, 'pay', 6);
  expect((await page.request.post(`/api/test-gateway/${payment}/pay`)).status()).toBeLessThan(400);
  const details = await page.request.get(`/api/orders/${hash}/details`);
  expect(details.ok()).toBe(true);
  const { order_number: orderNumber } = (await details.json()) as { order_number: number };
  // Order numbers are random, 9 digits: not the next after someone else's.
  expect(String(orderNumber)).toMatch(/^[1-9]\d{8}$/);
  const target = (await slots(page.request, product)).find((each) => each.date > slot.date) as Slot;

  await page.goto('/faq');
  await page.getByRole('link', { name: 'Rebook' }).click();
  await page.getByRole('textbox', { name: /^Order number/ }).fill(String(orderNumber));
  await page.getByRole('textbox', { name: /^E-mail address/ }).fill(email);
  await page.getByRole('button', { name: 'Find my booking' }).click();

  // The product flow, on its date step, with the old order preloaded.
  await expect(page).toHaveURL(new RegExp(`/product/${product}/rebook$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Behind the scenes tour' })).toBeVisible();
  await expectStep(page, 'Choose a date and time');
  await expectNoSeriousViolations(page, 'rebooking: the product flow’s date step');
  await chooseDay(page, target.date);
  await page.getByRole('list', { name: 'Time slots' }).getByRole('button').first().click();
  await next(page);
  // The tour's extras (if it has any) are preloaded as they were booked.
  const afterDate = page.getByRole('heading', { level: 2, name: /^(Add extras|Your details)$/ });
  await expect(afterDate).toBeVisible();
  if ((await afterDate.textContent()) === 'Add extras') await next(page);

  // Only the e-mail address stays locked; the price is shown before anything is sent.
  await expectStep(page, 'Your details');
  const textbox = (name: RegExp) => page.getByRole('textbox', { name });
  await expect(textbox(/^Email address/)).toHaveAttribute('readonly', '');
  await expect(textbox(/^First name/)).not.toHaveAttribute('readonly', '');
  await textbox(/^First name/).fill('Augusta Ada');
  // Stored fields (the date of birth, the answers) are not preloaded from the order number and e-mail (issue 37): asked again.
  await expect(page.getByLabel(/Date of birth/)).toHaveValue('');
  await page.getByLabel(/Date of birth/).fill('1990-06-15');
  await page.getByRole('checkbox', { name: /safety rules/i }).check();
  await page.getByRole('combobox', { name: /How did you hear about us/ }).selectOption('social');
  const toPay = page.getByText(/^To pay now: /);
  await expect(toPay).toBeVisible();
  const amount = ((await toPay.textContent()) ?? '').replace('To pay now: ', '');
  await expectNoSeriousViolations(page, 'rebooking: details and the amount to pay');
  await page.getByRole('button', { name: `Rebook and pay ${amount}` }).click();
  // The rebooking fee goes through the normal payment, for the amount shown.
  await expect(page.getByTestId('amount')).toHaveText(amount);
  await settleOnTestGateway(page, 'Pay');
  await expectTickets(page, 2);
  // The old order was moved: it is no longer a paid order; the new one is on the other day.
  expect((await page.request.get(`/api/orders/${hash}/details`)).status()).toBe(404);
  const moved = /\/checkout\/return\/([^/?#]+)/.exec(page.url())?.[1] as string;
  const movedDetails = (await (await page.request.get(`/api/orders/${moved}/details`)).json()) as {
    plot: { date: string };
    customer: { first_name: string };
  };
  expect(movedDetails.plot.date).toBe(target.date);
  expect(movedDetails.customer.first_name).toBe('Augusta Ada');
});

test('a reservation paid since: its link leads to the order page, whose tickets download as a PDF', async ({ page }) => {
  const { hash } = await book(page.request, 'reserve', 9);
  const resumed = (await (await page.request.get(`/api/payment/${hash}`)).json()) as { response: { payment: { hash: string } } };
  expect((await page.request.post(`/api/test-gateway/${resumed.response.payment.hash}/pay`)).status()).toBeLessThan(400);
  await page.goto(`/reservation/${hash}`);
  await expect(page).toHaveURL(new RegExp(`/checkout/return/${hash}$`));
  await expectTickets(page, 2);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download the tickets (PDF)' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^tickets-\d{9}\.pdf$/);
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
});
